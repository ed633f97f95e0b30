import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { Camera } from "lucide-react";
import { useId, useRef, useState } from "react";
import { formatInZone } from "../../lib/business-time";
import { responseErrorText, trpcErrorText } from "../../lib/http-error";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";

type Progress = { done: number; total: number; errors: string[] } | null;

/**
 * The job's private photos: added from the camera or the phone's photos (several at once), each
 * sent once to its upload link and finished by the server (checked, metadata and GPS removed),
 * shown only to staff who may see the lead.
 */
export function JobPhotos({ leadId, clientName }: { leadId: string; clientName: string }) {
  const headingId = useId();
  const zone = useBusinessTimeZone();
  const inputRef = useRef<HTMLInputElement>(null);
  const photos = trpc.leadPhotos.list.useQuery({ id: leadId }, { refetchOnMount: "always" });
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState<Progress>(null);
  const busy = progress !== null && progress.done < progress.total;

  const upload = async (files: File[]) => {
    const errors: string[] = [];
    setProgress({ done: 0, total: files.length, errors });
    for (const [i, file] of files.entries()) {
      try {
        const ticket = await utils.client.leadPhotos.upload.mutate({
          id: leadId,
          ...(file.name ? { fileName: file.name.slice(0, 255) } : {}),
          size: file.size,
          ...(file.type ? { contentType: file.type } : {}),
        });
        const put = await fetch(ticket.uploadURL, { method: "PUT", body: file, headers: ticket.headers });
        if (!put.ok) throw new Error(await responseErrorText(put));
        await utils.client.leadPhotos.complete.mutate({ id: leadId, uploadId: ticket.uploadId });
      } catch (error) {
        const offline = typeof navigator !== "undefined" && !navigator.onLine;
        errors.push(`${file.name || `Photo ${i + 1}`}: ${offline ? "no signal, try again when it is back" : trpcErrorText(error)}`);
      }
      setProgress({ done: i + 1, total: files.length, errors: [...errors] });
    }
    void utils.leadPhotos.list.invalidate({ id: leadId });
    void utils.leads.timeline.invalidate({ id: leadId });
  };

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h3" id={headingId} size="md">
        Photos
      </Heading>
      <chakra.input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        display="none"
        aria-label="Choose photos"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) void upload(files);
        }}
      />
      <Button size="lg" variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
        <Camera aria-hidden="true" />
        {busy ? `Adding photo ${progress.done + 1} of ${progress.total}…` : "Add photos"}
      </Button>
      <div role="status" aria-live="polite">
        {progress && !busy ? (
          <Text color={progress.errors.length ? "fg.error" : "green.fg"}>
            {progress.errors.length === 0
              ? `${progress.total === 1 ? "Photo" : `${progress.total} photos`} added.`
              : `${progress.total - progress.errors.length} of ${progress.total} added. ${progress.errors.join(" ")}`}
          </Text>
        ) : null}
      </div>
      {photos.isError ? (
        <Text color="fg.error">{trpcErrorText(photos.error)}</Text>
      ) : photos.data && photos.data.length > 0 ? (
        <SimpleGrid as="ul" columns={{ base: 3, md: 4 }} gap="2" listStyleType="none" aria-label="Job photos">
          {photos.data.map((photo, i) => (
            <li key={photo.id}>
              <chakra.a href={photo.url} target="_blank" rel="noopener" display="block" borderRadius="l2" overflow="hidden">
                <chakra.img
                  src={photo.thumbnailUrl}
                  alt={`Photo ${photos.data.length - i} of ${clientName}'s job, added ${formatInZone(photo.createdAt, "MMM d h:mm a", zone)}${photo.author ? ` by ${photo.author}` : ""}`}
                  width={photo.renditions[0]?.width}
                  height={photo.renditions[0]?.height}
                  loading="lazy"
                  w="full"
                  h="auto"
                  aspectRatio="1"
                  objectFit="cover"
                />
              </chakra.a>
            </li>
          ))}
        </SimpleGrid>
      ) : photos.data ? (
        <Text color="fg.muted">No photos yet.</Text>
      ) : null}
    </Stack>
  );
}
