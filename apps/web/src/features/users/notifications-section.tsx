import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { useEffect, useId, useState } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { toastErrorText, trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { officeMailKindLabels, officeMailKinds, type OfficeMailKind } from "@crawlguard/validators";

type Recipient = { email: string; digest: boolean; kinds: OfficeMailKind[] };
type Switches = { clientConfirmation: boolean; clientCancellation: boolean; clientReminder: boolean; contactAcknowledgement: boolean };

const SWITCHES: { key: keyof Switches; label: string }[] = [
  { key: "clientConfirmation", label: "Appointment confirmation to the client (with a calendar file), also when it moves" },
  { key: "clientCancellation", label: "Cancellation to the client" },
  { key: "clientReminder", label: "Reminder to the client before the appointment" },
  { key: "contactAcknowledgement", label: '"We received your request" to whoever sends the contact form' },
];

function Checkbox({ checked, onChange, label }: { checked: boolean; onChange: (value: boolean) => void; label: string }) {
  return (
    <chakra.label display="flex" alignItems="flex-start" gap="2" fontSize="sm" cursor="pointer">
      <chakra.input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} mt="1" w="4" h="4" />
      <span>{label}</span>
    </chakra.label>
  );
}

/** Notifications (admins only; ADR 028): who gets office mail (each at once or in a daily digest), which client mails go out, the reminder's lead time. */
export function NotificationsSection() {
  const headingId = useId();
  const settings = trpc.notifications.settings.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.notifications.updateSettings.useMutation({
    onSuccess: (data) => {
      utils.notifications.settings.setData(undefined, data);
      showToast({ title: "Notification settings saved", type: "success" });
    },
    onError: (error) => showToast({ title: "Failed to save notification settings", description: toastErrorText(error), type: "error" }),
  });
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [switches, setSwitches] = useState<Switches>({
    clientConfirmation: true,
    clientCancellation: true,
    clientReminder: true,
    contactAcknowledgement: true,
  });
  const [hours, setHours] = useState("24");
  useEffect(() => {
    if (!settings.data) return;
    const { officeRecipients, reminderLeadHours, clientConfirmation, clientCancellation, clientReminder, contactAcknowledgement } =
      settings.data;
    setRecipients(officeRecipients);
    setSwitches({ clientConfirmation, clientCancellation, clientReminder, contactAcknowledgement });
    setHours(String(reminderLeadHours));
  }, [settings.data]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({
      officeRecipients: recipients
        .filter((r) => r.email.trim() !== "")
        .map((r) => ({ email: r.email.trim(), digest: r.digest, kinds: r.kinds })),
      ...switches,
      reminderLeadHours: Number(hours),
    });
  };

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" mb="8">
      <Box>
        <Heading as="h2" size="lg" id={headingId}>
          Notifications
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          E-mail to the office about new requests and bookings, and to clients about their appointments.
        </Text>
      </Box>
      {settings.isPending ? (
        <Text color="fg.muted">Loading notification settings...</Text>
      ) : settings.isError ? (
        <Text color="fg.error">{trpcErrorText(settings.error)}</Text>
      ) : (
        <chakra.form onSubmit={submit} display="flex" flexDirection="column" gap="4" aria-label="Notification settings">
          {settings.data.notConfiguredMessage ? (
            <Box role="status" borderWidth="1px" borderColor="orange.300" bg="orange.50" p="3" rounded="md" fontSize="sm">
              {settings.data.notConfiguredMessage}
            </Box>
          ) : null}
          <chakra.fieldset display="flex" flexDirection="column" gap="2">
            <chakra.legend fontWeight="semibold" fontSize="sm" mb="1">
              Office recipients
            </chakra.legend>
            {settings.data.officeRecipientsFromEnv ? (
              <Text textStyle="xs" color="fg.muted">
                From OFFICE_NOTIFY_EMAILS until you save this list.
              </Text>
            ) : null}
            {recipients.map((r, i) => (
              <chakra.fieldset
                key={i}
                display="flex"
                flexDirection="column"
                gap="2"
                borderWidth="1px"
                borderColor="border"
                rounded="l2"
                p="3"
              >
                <chakra.legend srOnly>{`Office recipient ${i + 1}`}</chakra.legend>
                <Flex gap="3" align={{ base: "stretch", md: "center" }} direction={{ base: "column", md: "row" }}>
                  <Box flex="1">
                    <FormField label={`Office recipient ${i + 1} e-mail`}>
                      <Input
                        type="email"
                        value={r.email}
                        onChange={(e) => setRecipients((list) => list.map((x, j) => (j === i ? { ...x, email: e.target.value } : x)))}
                      />
                    </FormField>
                  </Box>
                  <Checkbox
                    checked={r.digest}
                    onChange={(digest) => setRecipients((list) => list.map((x, j) => (j === i ? { ...x, digest } : x)))}
                    label="Daily digest instead of one mail each"
                  />
                  <Button variant="outline" size="sm" onClick={() => setRecipients((list) => list.filter((_, j) => j !== i))}>
                    Remove <chakra.span srOnly>{r.email || `recipient ${i + 1}`}</chakra.span>
                  </Button>
                </Flex>
                <Flex role="group" aria-label={`Mail office recipient ${i + 1} gets`} gap={{ base: "2", md: "5" }} wrap="wrap">
                  <Text textStyle="sm" color="fg.muted" aria-hidden="true">
                    Gets:
                  </Text>
                  {officeMailKinds.map((kind) => (
                    <Checkbox
                      key={kind}
                      checked={r.kinds.includes(kind)}
                      onChange={(on) =>
                        setRecipients((list) =>
                          list.map((x, j) =>
                            j === i ? { ...x, kinds: officeMailKinds.filter((k) => (k === kind ? on : x.kinds.includes(k))) } : x,
                          ),
                        )
                      }
                      label={officeMailKindLabels[kind]}
                    />
                  ))}
                </Flex>
                {r.kinds.length === 0 ? (
                  <Text textStyle="xs" color="fg.muted">
                    Gets no office mail (only test mails).
                  </Text>
                ) : null}
              </chakra.fieldset>
            ))}
            <HStack>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRecipients((list) => [...list, { email: "", digest: false, kinds: [...officeMailKinds] }])}
              >
                Add recipient
              </Button>
            </HStack>
          </chakra.fieldset>
          <chakra.fieldset display="flex" flexDirection="column" gap="2">
            <chakra.legend fontWeight="semibold" fontSize="sm" mb="1">
              Client e-mails
            </chakra.legend>
            {SWITCHES.map(({ key, label }) => (
              <Checkbox
                key={key}
                checked={switches[key]}
                onChange={(value) => setSwitches((s) => ({ ...s, [key]: value }))}
                label={label}
              />
            ))}
          </chakra.fieldset>
          <Box maxW="xs">
            <FormField label="Reminder lead time (hours before the appointment)" helper="1 to 168 hours, in the business time zone's clock">
              <Input
                type="number"
                min={1}
                max={168}
                step={1}
                inputMode="numeric"
                value={hours}
                onChange={(e) => setHours(e.target.value)}
              />
            </FormField>
          </Box>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={save.isPending}>
              Save notification settings
            </Button>
          </HStack>
        </chakra.form>
      )}
      {settings.data ? <TestMail smtpConfigured={settings.data.smtpConfigured} /> : null}
    </Stack>
  );
}

/**
 * "Send test mail": a test to every saved office recipient (admins only), saying what each gets. It
 * answers whom it queued for; the mail itself shows that it arrives.
 */
function TestMail({ smtpConfigured }: { smtpConfigured: boolean }) {
  const [queued, setQueued] = useState<string[] | null>(null);
  const send = trpc.notifications.sendTestMail.useMutation({
    onSuccess: (data) => setQueued(data.queued.map((r) => r.email)),
    onError: (error) => {
      setQueued(null);
      showToast({ title: "Test mail not sent", description: toastErrorText(error), type: "error" });
    },
  });
  return (
    <Stack gap="2" align="flex-start">
      <Button variant="outline" onClick={() => send.mutate()} loading={send.isPending} disabled={!smtpConfigured}>
        Send test mail
      </Button>
      <Text textStyle="xs" color="fg.muted">
        To every saved office recipient at once, whatever they get; save your changes first.
      </Text>
      <Box role="status" textStyle="sm">
        {queued ? `Test mail queued for ${queued.join(", ")}. Check those inboxes in a minute.` : null}
      </Box>
    </Stack>
  );
}
