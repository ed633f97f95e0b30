import { Alert } from "@chakra-ui/react/alert";
import { Box } from "@chakra-ui/react/box";
import { formatPhone } from "@crawlguard/content";
import type { DuplicateLead } from "@crawlguard/validators";
import { statusLabels } from "./lead-board-model";

/** "This may be someone we already have": the matching leads, so nobody is entered twice by accident. */
export function DuplicateWarning({
  duplicates,
  title = "Possible duplicate lead",
}: {
  duplicates: readonly DuplicateLead[];
  title?: string;
}) {
  // The live region stays mounted so screen readers hear the warning appear.
  return (
    <Box aria-live="polite" display={duplicates.length === 0 ? "contents" : undefined}>
      {duplicates.length === 0 ? null : (
        <Alert.Root status="warning" size="sm" role="group">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{title}</Alert.Title>
            <Alert.Description>
              {duplicates.length === 1
                ? "A lead with the same email or phone already exists:"
                : "Leads with the same email or phone already exist:"}
              <Box as="ul" ps="4" mt="1" listStyleType="disc">
                {duplicates.map((lead) => (
                  <li key={lead.id}>
                    <bdi>{lead.name}</bdi> · <bdi>{lead.email}</bdi>
                    {lead.phone ? (
                      <>
                        {" · "}
                        <bdi>{formatPhone(lead.phone)}</bdi>
                      </>
                    ) : null}{" "}
                    · {statusLabels[lead.status]}
                  </li>
                ))}
              </Box>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Box>
  );
}
