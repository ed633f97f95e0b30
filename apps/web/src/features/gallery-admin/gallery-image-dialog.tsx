import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Switch } from "@chakra-ui/react/switch";
import type { AdminGalleryCategory } from "@crawlguard/content";
import type { GalleryImage } from "@crawlguard/validators";
import { type ChangeEvent, useMemo, useState } from "react";
import { type FieldErrors } from "../../lib/form-errors";
import { srcSetOf } from "../../lib/image-srcset";
import { serverIssues } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import {
  altTextAfterChoosing,
  altTextIsFileName,
  categoryOptions,
  type GalleryFormField,
  type GalleryFormValues,
  galleryFormOf,
  type ImageChoice,
  newGalleryForm,
  updateInputOf,
  validateGalleryForm,
} from "./gallery-form";
import { ImageUploadField } from "./image-upload-field";
import { showGalleryError, useGalleryCache } from "./use-gallery-mutations";
import { type UploadApi, useImageUpload } from "./use-image-upload";

type GalleryImageDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The image to edit; without one the dialog adds an image. */
  image?: GalleryImage | undefined;
};

/** Where the server's field names land in the form. */
const SERVER_FIELD: Record<string, GalleryFormField> = {
  title: "title",
  altText: "altText",
  description: "description",
  seoKeywords: "seoKeywords",
  displayOrder: "displayOrder",
  category: "category",
  imageUrl: "image",
  fileName: "image",
};

/**
 * Add Image / Edit Image (docs/product.md "Screens and routes", Gallery management): the image (uploaded first; optional
 * when editing, where it replaces the photo), title, category, alt text, description, SEO keywords,
 * display order and the Published switch. Mount it per opening.
 */
export default function GalleryImageDialog({ open, onClose, image }: GalleryImageDialogProps) {
  const [values, setValues] = useState<GalleryFormValues>(() => (image ? galleryFormOf(image) : newGalleryForm()));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<GalleryFormField>>({});
  // The name of the photo's file (the one chosen now, or the stored one): alt text equal to it gets a hint.
  const [chosenName, setChosenName] = useState<string | null>(image?.fileName ?? null);
  const cache = useGalleryCache();
  const utils = trpc.useUtils();
  const uploadApi = useMemo<UploadApi>(
    () => ({
      requestLink: (file) => utils.client.gallery.upload.mutate(file),
      complete: (uploadId) => utils.client.gallery.completeUpload.mutate({ uploadId }),
    }),
    [utils],
  );
  const upload = useImageUpload(uploadApi);

  const failed = (fallback: string) => (error: unknown) => {
    const errors: FieldErrors<GalleryFormField> = {};
    for (const issue of serverIssues(error)) {
      const field = SERVER_FIELD[issue.path];
      if (field) errors[field] ??= issue.message;
    }
    setServerErrors(errors);
    showGalleryError(error, fallback);
  };
  const saved = (message: string) => () => {
    void cache.invalidate();
    showToast({ title: message, type: "success" });
    onClose();
  };
  const create = trpc.gallery.create.useMutation({
    onSuccess: saved("Image added to gallery successfully"),
    onError: failed("Failed to add image"),
  });
  const update = trpc.gallery.update.useMutation({
    onSuccess: saved("Image updated successfully"),
    onError: failed("Failed to update image"),
  });

  const choice: ImageChoice =
    upload.state.phase === "done" && upload.state.result
      ? { kind: "uploaded", upload: upload.state.result }
      : upload.state.file
        ? { kind: "pending" }
        : image
          ? { kind: "existing" }
          : { kind: "none" };
  const validation = validateGalleryForm(values, choice, image?.imageUrl);
  const errors: FieldErrors<GalleryFormField> = { ...serverErrors, ...(submitted && !validation.ok ? validation.errors : {}) };

  const set = <K extends keyof GalleryFormValues>(field: K, value: GalleryFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const onInput =
    (field: "title" | "altText" | "description" | "seoKeywords" | "displayOrder") =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, event.target.value);

  const submit = () => {
    setSubmitted(true);
    if (!validation.ok) return;
    if (image) update.mutate({ id: image.id, ...updateInputOf(validation.input, choice.kind === "uploaded") });
    else create.mutate(validation.input);
  };

  const dirty = useChangedSinceOpen(values) || upload.state.file !== null;
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title={image ? "Edit Image" : "Add Image"}
      description={
        image
          ? "Change the details, or upload a new photo to replace this one."
          : "Upload a photo, then describe it. Published photos show on the public Gallery page."
      }
      onSubmit={submit}
      submitLabel={image ? "Update Image" : "Add Image"}
      pendingLabel="Saving..."
      pending={create.isPending || update.isPending}
    >
      <Stack gap="4">
        <ImageUploadField
          upload={upload}
          current={
            image
              ? {
                  src: image.imageUrl,
                  srcSet: srcSetOf(image.renditions),
                  alt: image.altText,
                  width: image.width ?? undefined,
                  height: image.height ?? undefined,
                }
              : undefined
          }
          error={errors.image}
          onChosen={(file) => {
            setChosenName(file.name);
            setValues((current) => ({ ...current, altText: altTextAfterChoosing(current.altText, file.name) }));
            setServerErrors((current) => ({ ...current, image: undefined }));
          }}
        />
        <FormField label="Title" required error={errors.title}>
          <Input name="title" autoComplete="off" maxLength={255} value={values.title} onChange={onInput("title")} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Category" error={errors.category}>
            <SelectControl
              name="category"
              value={values.category}
              options={categoryOptions}
              onChange={(value) => set("category", value as AdminGalleryCategory)}
            />
          </FormField>
          <FormField label="Display order" error={errors.displayOrder} helper="Lower numbers show first.">
            <Input
              name="displayOrder"
              type="number"
              inputMode="numeric"
              min={0}
              max={9999}
              step={1}
              value={values.displayOrder}
              onChange={onInput("displayOrder")}
            />
          </FormField>
        </SimpleGrid>
        <FormField
          label="Alt text"
          required
          error={errors.altText}
          helper={
            altTextIsFileName(values.altText, chosenName)
              ? "This is still the file's name: describe what the photo shows, for people who cannot see it."
              : "What the photo shows, for screen readers and search engines."
          }
        >
          <Input name="altText" autoComplete="off" maxLength={255} value={values.altText} onChange={onInput("altText")} />
        </FormField>
        <FormField label="Description" error={errors.description}>
          <Textarea name="description" rows={3} value={values.description} onChange={onInput("description")} />
        </FormField>
        <FormField label="SEO keywords" error={errors.seoKeywords} helper="Separated by commas, e.g. crawl space encapsulation, Asheville.">
          <Input name="seoKeywords" autoComplete="off" maxLength={500} value={values.seoKeywords} onChange={onInput("seoKeywords")} />
        </FormField>
        <Switch.Root checked={values.isPublished} onCheckedChange={(details) => set("isPublished", details.checked)} colorPalette="brand">
          <Switch.HiddenInput role="switch" />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Published</Switch.Label>
        </Switch.Root>
      </Stack>
    </FormDialog>
  );
}
