import { Badge } from "@chakra-ui/react/badge";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { CrewJob } from "@crawlguard/validators";
import { statusLabels, statusPalette } from "../leads/lead-board-model";
import { jobTimeRange } from "./crew-model";
import { JobLinks } from "./job-links";

/**
 * One job of the day: its time, client and service open the job view (one tap); the full address
 * wraps, never cut; Call and Directions are a thumb away.
 */
export function JobCard({ job, zone, onOpen }: { job: CrewJob; zone: string; onOpen: () => void }) {
  return (
    <Card.Root as="li" variant="outline" bg="bg">
      <Card.Body gap="3" p={{ base: "3", md: "4" }}>
        <Button
          variant="ghost"
          onClick={onOpen}
          h="auto"
          minH="11"
          py="2"
          px="2"
          mx="-2"
          justifyContent="flex-start"
          textAlign="start"
          whiteSpace="normal"
          aria-haspopup="dialog"
        >
          <Stack gap="0.5" align="flex-start" w="full">
            <Text textStyle="lg" fontWeight="bold">
              {jobTimeRange(job, zone)}
            </Text>
            <Text textStyle="lg" fontWeight="semibold">
              {job.clientName}
            </Text>
            <Text color="fg.muted">{job.service}</Text>
          </Stack>
        </Button>
        <Badge alignSelf="flex-start" colorPalette={statusPalette[job.status]} size="lg">
          {statusLabels[job.status]}
        </Badge>
        {job.address ? (
          <Text overflowWrap="anywhere" data-testid="job-address">
            {job.address}
          </Text>
        ) : (
          <Text color="fg.muted">No address on file</Text>
        )}
        <JobLinks job={job} />
      </Card.Body>
    </Card.Root>
  );
}
