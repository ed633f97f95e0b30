import type { GalleryImage } from "@crawlguard/validators";
import { TRPCClientError } from "@trpc/client";
import { useMemo } from "react";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { inOrder } from "./gallery-order";

/** The message the server put in a failed answer, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const shape: unknown = error.shape;
  const fromShape = typeof shape === "object" && shape !== null ? (shape as { message?: unknown }).message : undefined;
  const message = typeof fromShape === "string" ? fromShape : error.message;
  return message.trim() !== "" ? message : undefined;
}

/** docs/product.md "Error catalogue": a toast titled 'Error' with the server's message, or the operation's own text. */
export function showGalleryError(error: unknown, fallback: string): void {
  showToast({ title: "Error", description: serverMessage(error) ?? fallback, type: "error" });
}

/** Reads and writes the cached `gallery.list` (the only query the gallery's changes make stale). */
export function useGalleryCache() {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const list = utils.gallery.list;
    return {
      get: () => list.getData(),
      set: (images: GalleryImage[]) => list.setData(undefined, images),
      cancel: () => list.cancel(),
      /** Replaces the image only if it is still there (a rollback must not bring back a deleted one). */
      replace: (image: GalleryImage) => list.setData(undefined, (images) => images?.map((i) => (i.id === image.id ? image : i))),
      remove: (id: string) => list.setData(undefined, (images) => images?.filter((i) => i.id !== id)),
      /** After an add or edit: where an image goes depends on its display order and age, so ask the server. */
      invalidate: () => list.invalidate(),
    };
  }, [utils]);
}

/** The eye button: publishes or unpublishes at once, and puts it back if the server refuses. */
export function useTogglePublished() {
  const cache = useGalleryCache();
  return trpc.gallery.update.useMutation({
    onMutate: async ({ id, isPublished }) => {
      await cache.cancel();
      const previous = cache.get()?.find((image) => image.id === id);
      if (previous && isPublished !== undefined) cache.replace({ ...previous, isPublished });
      return { previous };
    },
    onSuccess: (image) => {
      cache.replace(image);
      showToast({ title: "Image updated successfully", type: "success" });
    },
    onError: (error, _input, context) => {
      if (context?.previous) cache.replace(context.previous);
      showGalleryError(error, "Failed to update image");
    },
  });
}

export function useDeleteImage() {
  const cache = useGalleryCache();
  return trpc.gallery.delete.useMutation({
    onSuccess: (_result, { id }) => {
      cache.remove(id);
      showToast({ title: "Image deleted successfully", type: "success" });
    },
    onError: (error) => showGalleryError(error, "Failed to delete image"),
  });
}

/** A drop writes the new order at once (optimistic); the server's answer (the whole list) then replaces it. */
export function useReorderImages() {
  const cache = useGalleryCache();
  return trpc.gallery.reorder.useMutation({
    onMutate: async ({ ids }) => {
      await cache.cancel();
      const previous = cache.get();
      if (previous) cache.set(inOrder(previous, ids));
      return { previous };
    },
    onSuccess: (images) => cache.set(images),
    onError: (error, _input, context) => {
      if (context?.previous) cache.set(context.previous);
      showGalleryError(error, "Failed to reorder images");
    },
  });
}
