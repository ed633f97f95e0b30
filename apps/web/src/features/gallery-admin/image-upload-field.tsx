import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Image } from "@chakra-ui/react/image";
import { Progress } from "@chakra-ui/react/progress";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { galleryImageTypes } from "@crawlguard/validators";
import { CheckCircle2, ImageUp, Upload } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { FormField } from "../../components/form-field";
import type { ImageUpload } from "./use-image-upload";

/** The restrictions, as shown under the drop zone (docs/product.md "Validation rules" and "Business constants and limits"). */
export const UPLOAD_RESTRICTIONS = "One image, up to 10 MB: JPEG, PNG, WebP, AVIF or GIF.";

/**
 * The file picker's filter. Listing the five types (not image/*) also makes iPhones convert
 * their HEIC photos to JPEG when one is picked.
 */
const ACCEPT = galleryImageTypes.join(",");

export type CurrentImage = {
  src: string;
  srcSet?: string | undefined;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
};

type ImageUploadFieldProps = {
  upload: ImageUpload;
  /** Editing: the photo the image has now (replaced only if another is uploaded). */
  current?: CurrentImage | undefined;
  /** A message from the form, e.g. 'Please upload an image first'. */
  error?: string | undefined;
  /** A file was chosen and accepted (the dialog fills empty alt text from its name). */
  onChosen: (file: File) => void;
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The image of the Add / Edit Image dialog: a drop zone with a file picker, a preview of the chosen
 * file, an explicit Upload button (nothing starts on its own), the upload's real progress, then
 * the server's verdict. Keyboard users choose the file with the button; the drop zone is a
 * convenience for a mouse.
 */
export function ImageUploadField({ upload, current, error, onChosen }: ImageUploadFieldProps) {
  const { state, choose, start } = upload;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [previewBroken, setPreviewBroken] = useState<string | null>(null);
  const restrictionsId = useId();
  const inputId = useId();
  const busy = state.phase === "uploading" || state.phase === "processing";

  const take = (file: File | undefined) => {
    if (!file || busy) return;
    if (choose(file)) onChosen(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  const chooseLabel = state.file ? "Choose another image" : current ? "Choose a new image" : "Choose image";
  const showPreview = state.file && state.previewUrl && previewBroken !== state.previewUrl;

  return (
    // The label names the file input, so a click on it opens the picker too.
    <FormField id={inputId} label="Image" required error={error}>
      <Box
        w="full"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? "brand.solid" : error ? "border.error" : "border"}
        bg={dragging ? "brand.subtle" : "bg.subtle"}
        rounded="l2"
        p="4"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = busy ? "none" : "copy";
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
      >
        <Stack gap="3" align="center" textAlign="center">
          {showPreview ? (
            <Image
              src={state.previewUrl ?? undefined}
              alt={`Preview of ${state.file?.name ?? "the chosen image"}`}
              maxH="48"
              maxW="full"
              objectFit="contain"
              rounded="l1"
              onError={() => setPreviewBroken(state.previewUrl)}
            />
          ) : state.file ? (
            <Flex align="center" justify="center" h="24" color="fg.muted">
              <ImageUp aria-hidden="true" size="2.5em" />
            </Flex>
          ) : current ? (
            <Image
              src={current.src}
              srcSet={current.srcSet}
              sizes="(min-width: 48em) 32rem, 100vw"
              alt={current.alt}
              htmlWidth={current.width}
              htmlHeight={current.height}
              maxH="48"
              w="auto"
              maxW="full"
              objectFit="contain"
              rounded="l1"
            />
          ) : (
            <Flex direction="column" align="center" gap="1" color="fg.muted">
              <ImageUp aria-hidden="true" size="2.5em" />
              <Text textStyle="sm">Drag and drop an image here, or</Text>
            </Flex>
          )}
          {state.file ? (
            <Text textStyle="sm" wordBreak="break-all" data-testid="chosen-file">
              {state.file.name} · {formatSize(state.file.size)}
            </Text>
          ) : current ? (
            <Text textStyle="sm" color="fg.muted">
              Current image
            </Text>
          ) : null}
          <HStack gap="2" wrap="wrap" justify="center">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => inputRef.current?.click()}
              disabled={busy}
              aria-describedby={restrictionsId}
            >
              <ImageUp aria-hidden="true" />
              {chooseLabel}
            </Button>
            {state.file && state.phase !== "done" ? (
              <Button type="button" size="sm" colorPalette="brand" onClick={start} disabled={busy}>
                <Upload aria-hidden="true" />
                {state.phase === "failed" ? "Upload again" : "Upload"}
              </Button>
            ) : null}
          </HStack>
          <Text id={restrictionsId} textStyle="xs" color="fg.muted">
            {UPLOAD_RESTRICTIONS}
          </Text>
        </Stack>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="image-file-input"
          onChange={(event) => {
            take(event.target.files?.[0]);
            // The same file can be chosen again (after a refusal, say).
            event.target.value = "";
          }}
        />
      </Box>
      <UploadStatus upload={upload} />
    </FormField>
  );
}

/** The progress bar while the bytes go, then what the server made of them. */
function UploadStatus({ upload: { state } }: { upload: ImageUpload }) {
  const showBar = state.phase === "uploading" || state.phase === "processing" || state.phase === "done";
  const label = state.phase === "uploading" ? "Uploading…" : state.phase === "processing" ? "Checking the image…" : "Upload complete";
  return (
    <Stack gap="2" w="full" mt="2">
      {showBar ? (
        <Progress.Root
          value={state.phase === "processing" ? null : state.progress}
          max={100}
          size="sm"
          colorPalette={state.phase === "done" ? "green" : "brand"}
        >
          <HStack justify="space-between" mb="1">
            <Progress.Label textStyle="sm" fontWeight="medium">
              {state.phase === "done" ? (
                <HStack gap="1" as="span">
                  <CheckCircle2 aria-hidden="true" size="1em" />
                  {label}
                </HStack>
              ) : (
                label
              )}
            </Progress.Label>
            {/* Not Progress.ValueText: it is a live region, and every percent would be read out. */}
            {state.phase === "uploading" ? <Text textStyle="sm">{state.progress}%</Text> : null}
          </HStack>
          <Progress.Track aria-label="Upload progress">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {/* Read out when the phase changes (not at every percent). */}
      <Box srOnly aria-live="polite">
        {state.phase === "uploading"
          ? "Uploading the image."
          : state.phase === "processing"
            ? "Checking the image."
            : state.phase === "done"
              ? "Upload complete."
              : ""}
      </Box>
      {state.error ? (
        <Text role="alert" textStyle="sm" color="fg.error" data-testid="upload-error">
          {state.error}
        </Text>
      ) : null}
    </Stack>
  );
}
