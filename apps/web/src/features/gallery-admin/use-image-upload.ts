import { GALLERY_MAX_UPLOAD_BYTES, type GalleryUploadResult, type GalleryUploadTicket } from "@crawlguard/validators";
import AwsS3 from "@uppy/aws-s3";
import Uppy from "@uppy/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { uploadErrorText } from "./upload-errors";

/**
 * idle: no file; selected: a file waits for its Upload click (no auto-start, docs/product.md "Validation rules");
 * uploading: its bytes are on their way; processing: the server checks it and makes its sizes;
 * done: it can be saved; failed: it was refused or the upload broke (the file can be sent again).
 */
export type UploadPhase = "idle" | "selected" | "uploading" | "processing" | "done" | "failed";

export type ImageUploadState = {
  phase: UploadPhase;
  file: File | null;
  /** An object URL of the chosen file, for its preview. */
  previewUrl: string | null;
  /** Percent of the bytes sent, from the upload's own progress events. */
  progress: number;
  result: GalleryUploadResult | null;
  /** Why the file was refused or the upload failed. */
  error: string | null;
};

export type UploadApi = {
  /** `gallery.upload`: a one-use link to PUT the file to. */
  requestLink(file: { fileName?: string; size: number; contentType?: string }): Promise<GalleryUploadTicket>;
  /** `gallery.completeUpload`: the server checks the bytes and answers the imageUrl to save. */
  complete(uploadId: string): Promise<GalleryUploadResult>;
};

const idle: ImageUploadState = { phase: "idle", file: null, previewUrl: null, progress: 0, result: null, error: null };

/** One image, at most 10 MB, images only; nothing starts until asked. */
function createUppy() {
  return new Uppy({
    autoProceed: false,
    restrictions: { maxNumberOfFiles: 1, maxFileSize: GALLERY_MAX_UPLOAD_BYTES, allowedFileTypes: ["image/*"] },
    // Uppy's own words ("You can only upload: image/*") are for developers.
    locale: {
      strings: { youCanOnlyUploadFileTypes: "Only images can be uploaded: JPEG, PNG, WebP, AVIF or GIF." },
      pluralize: (count: number) => (count === 1 ? 0 : 1),
    },
  });
}

/**
 * The Add / Edit Image dialog's upload, driven by Uppy (@uppy/core with @uppy/aws-s3 in its
 * single-PUT mode): the link comes from `gallery.upload` (a presigned S3 URL, or this server's
 * /uploads route with filesystem storage), Uppy PUTs the bytes with real progress, then
 * `gallery.completeUpload` has the server check the image. A refusal at any step is the
 * server's message when it sent one.
 */
export function useImageUpload(api: UploadApi) {
  const [state, setState] = useState<ImageUploadState>(idle);
  const uppyRef = useRef<ReturnType<typeof createUppy> | null>(null);
  const apiRef = useRef(api);
  const fileRef = useRef<File | null>(null);
  const ticketRef = useRef<GalleryUploadTicket | null>(null);
  /** Grows with each chosen file: answers about an earlier file are ignored. */
  const generationRef = useRef(0);

  useEffect(() => {
    apiRef.current = api;
  }, [api]);

  useEffect(() => {
    const uppy = createUppy();
    uppy.use(AwsS3, {
      shouldUseMultipart: false,
      // Called once per upload with the PUT to sign: the server hands out the link instead.
      signRequest: async (request) => {
        if (request.method !== "PUT" || "uploadId" in request) throw new Error("Only single-request uploads are supported.");
        const file = fileRef.current;
        // The link takes exactly this many bytes (with S3 the Content-Length is signed).
        if (!file) throw new Error("No file is chosen.");
        const ticket = await apiRef.current.requestLink({
          ...(file.name ? { fileName: file.name } : {}),
          size: file.size,
          ...(request.contentType ? { contentType: request.contentType } : {}),
        });
        ticketRef.current = ticket;
        return { url: ticket.uploadURL, headers: ticket.headers };
      },
    });

    uppy.on("upload-progress", (_file, progress) => {
      const total = progress.bytesTotal;
      if (!total) return;
      const percent = Math.min(100, Math.round((progress.bytesUploaded / total) * 100));
      setState((s) => (s.phase === "uploading" ? { ...s, progress: percent } : s));
    });
    uppy.on("upload-success", () => {
      const generation = generationRef.current;
      const ticket = ticketRef.current;
      setState((s) => ({ ...s, phase: "processing", progress: 100 }));
      if (!ticket) {
        setState((s) => ({ ...s, phase: "failed", error: uploadErrorText(undefined) }));
        return;
      }
      apiRef.current.complete(ticket.uploadId).then(
        (result) => {
          if (generation === generationRef.current) setState((s) => ({ ...s, phase: "done", result, error: null }));
        },
        (error: unknown) => {
          if (generation === generationRef.current)
            setState((s) => ({ ...s, phase: "failed", progress: 0, error: uploadErrorText(error) }));
        },
      );
    });
    uppy.on("upload-error", (_file, error) => {
      setState((s) => ({ ...s, phase: "failed", progress: 0, error: uploadErrorText(error) }));
    });

    uppyRef.current = uppy;
    return () => {
      uppyRef.current = null;
      uppy.destroy();
    };
  }, []);

  // The preview's object URL lives as long as its file is the chosen one.
  useEffect(() => {
    const url = state.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state.previewUrl]);

  /** Puts `file` in Uppy in place of any other; the restriction's message when it is refused. */
  const addToUppy = useCallback((file: File): string | null => {
    const uppy = uppyRef.current;
    if (!uppy) return "The uploader is not ready yet. Please try again.";
    uppy.cancelAll();
    try {
      uppy.addFile({ name: file.name, type: file.type, data: file, source: "Local" });
      return null;
    } catch (error) {
      return error instanceof Error && error.message ? error.message : uploadErrorText(error);
    }
  }, []);

  /** Chooses `file` (picker or drop). False when it breaks a restriction (the message is in `error`). */
  const choose = useCallback(
    (file: File): boolean => {
      generationRef.current += 1;
      ticketRef.current = null;
      const refused = addToUppy(file);
      if (refused) {
        fileRef.current = null;
        setState({ ...idle, error: refused });
        return false;
      }
      fileRef.current = file;
      setState({ ...idle, phase: "selected", file, previewUrl: URL.createObjectURL(file) });
      return true;
    },
    [addToUppy],
  );

  /** The Upload button: sends the chosen file (again, after a failure). */
  const start = useCallback(() => {
    const uppy = uppyRef.current;
    const file = fileRef.current;
    if (!uppy || !file) return;
    const [current] = uppy.getFiles();
    // A file that was sent before (refused, or broken off) goes again as a new upload.
    if (!current || current.progress.uploadStarted || current.error) {
      const refused = addToUppy(file);
      if (refused) {
        setState((s) => ({ ...s, phase: "failed", error: refused }));
        return;
      }
    }
    generationRef.current += 1;
    ticketRef.current = null;
    setState((s) => ({ ...s, phase: "uploading", progress: 0, result: null, error: null }));
    uppy.upload().catch((error: unknown) => {
      setState((s) => ({ ...s, phase: "failed", progress: 0, error: uploadErrorText(error) }));
    });
  }, [addToUppy]);

  return { state, choose, start };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;
