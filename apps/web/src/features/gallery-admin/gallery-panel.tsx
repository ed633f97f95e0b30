import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { GalleryImage } from "@crawlguard/validators";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { Plus } from "lucide-react";
import { lazy, memo, Suspense, useCallback, useMemo, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { GalleryImageCard } from "./gallery-image-card";
import { createReorderAnnouncements, movedIds, reorderInstructions, type SortableImageData } from "./gallery-order";
import { useDeleteImage, useReorderImages, useTogglePublished } from "./use-gallery-mutations";
import { HeldKeysKeyboardSensor } from "../../lib/held-keys-keyboard-sensor";

// The dialog (and Uppy with it) loads when Add Image or an edit button is first pressed.
const GalleryImageDialog = lazy(() => import("./gallery-image-dialog"));

type DialogState = { open: boolean; image?: GalleryImage | undefined; key: number };

/** Cards in view at once on a desktop (the first row): their photos load eagerly. */
const FIRST_ROW = 3;

/**
 * Gallery management (docs/product.md "Screens and routes"): every image, drafts included, in the public gallery's order;
 * add, edit, publish or unpublish, delete, and reorder by dragging (mouse, touch or keyboard).
 */
export default function GalleryPanel() {
  const images = trpc.gallery.list.useQuery();
  const [dialog, setDialog] = useState<DialogState>({ open: false, key: 0 });
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const remove = useDeleteImage();
  const openDialog = useCallback((image?: GalleryImage) => setDialog((d) => ({ open: true, image, key: d.key + 1 })), []);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Box>
          <Heading as="h2" size="lg">
            Gallery Images
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Published photos show on the public Gallery page, in this order. Drag a card by its handle to move it.
          </Text>
        </Box>
        <Button colorPalette="brand" onClick={() => openDialog()}>
          <Plus aria-hidden="true" />
          Add Image
        </Button>
      </Flex>
      {images.isPending ? (
        <CenteredSpinner label="Loading gallery images" minH="40" />
      ) : images.isError ? (
        <LoadError what="gallery images" error={images.error} onRetry={() => void images.refetch()} />
      ) : images.data.length === 0 ? (
        <PanelEmptyState title="No gallery images yet">
          Add a photo of a finished job; once published it shows on the public Gallery page.
        </PanelEmptyState>
      ) : (
        <SortableGallery images={images.data} onEdit={openDialog} onDelete={setDeleting} />
      )}
      <Suspense fallback={null}>
        {dialog.key > 0 ? (
          <GalleryImageDialog
            key={dialog.key}
            open={dialog.open}
            image={dialog.image}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete image?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) });
        }}
      >
        Are you sure you want to delete this image?
      </ConfirmDialog>
    </Stack>
  );
}

type SortableGalleryProps = {
  images: GalleryImage[];
  onEdit: (image: GalleryImage) => void;
  onDelete: (image: GalleryImage) => void;
};

/* The sensors' options, made once (dnd-kit's useSensor memoises on the object; lead-board.tsx). */
const MOUSE_OPTIONS = { activationConstraint: { distance: 5 } };
const TOUCH_OPTIONS = { activationConstraint: { delay: 200, tolerance: 8 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * The cards in a sortable grid: a drop writes the new order at once and sends it with
 * `gallery.reorder` (put back, with an error toast, if the server refuses). Mouse drags start
 * on a card's handle after 5 px; touch after a 200 ms press on it; the keyboard with Space or
 * Enter on it, then the arrow keys.
 */
function SortableGallery({ images, onEdit, onDelete }: SortableGalleryProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE_OPTIONS),
    useSensor(TouchSensor, TOUCH_OPTIONS),
    useSensor(HeldKeysKeyboardSensor, KEYBOARD_OPTIONS),
  );
  const ids = useMemo(() => images.map((image) => image.id), [images]);
  const [announcements] = useState(createReorderAnnouncements);
  const [dragged, setDragged] = useState<GalleryImage | null>(null);
  /** What became of the last move once the server answered, for screen readers. */
  const [outcome, setOutcome] = useState("");
  const reorder = useReorderImages();
  const toggle = useTogglePublished();
  const onTogglePublished = useCallback(
    (image: GalleryImage) => toggle.mutate({ id: image.id, isPublished: !image.isPublished }),
    [toggle],
  );

  const onDragStart = ({ active }: DragStartEvent) => setDragged(images.find((image) => image.id === active.id) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const next = movedIds(ids, String(active.id), over ? String(over.id) : null);
    if (!next) return;
    const title = images.find((image) => image.id === active.id)?.title ?? "The image";
    setOutcome("");
    reorder.mutate(
      { ids: next },
      {
        onSuccess: () =>
          setOutcome(`${title} moved to position ${next.indexOf(String(active.id)) + 1} of ${next.length}. The order is saved.`),
        onError: () => setOutcome(`The new order could not be saved; ${title} is back where it was.`),
      },
    );
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: reorderInstructions }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <SimpleGrid as="ul" aria-label="Gallery images" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" listStyleType="none" m="0" p="0">
            {images.map((image, index) => (
              <SortableCard
                key={image.id}
                image={image}
                eager={index < FIRST_ROW}
                togglePending={toggle.isPending && toggle.variables?.id === image.id}
                onTogglePublished={onTogglePublished}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
          </SimpleGrid>
        </SortableContext>
        <DragOverlay>{dragged ? <GalleryImageCard image={dragged} eager /> : null}</DragOverlay>
      </DndContext>
      <Box srOnly role="status" aria-live="polite" data-testid="gallery-move-outcome">
        {outcome}
      </Box>
    </>
  );
}

type SortableCardProps = {
  image: GalleryImage;
  eager: boolean;
  togglePending: boolean;
  onTogglePublished: (image: GalleryImage) => void;
  onEdit: (image: GalleryImage) => void;
  onDelete: (image: GalleryImage) => void;
};

const SortableCard = memo(function SortableCard({ image, ...props }: SortableCardProps) {
  const data: SortableImageData = { title: image.title };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id, data });
  // dnd-kit's translate only (no scale): cards of different heights would be stretched.
  const style = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <Box as="li" ref={setNodeRef} style={style} position="relative" zIndex={isDragging ? 1 : undefined}>
      <GalleryImageCard image={image} handle={{ attributes, listeners, setActivatorNodeRef }} isDragging={isDragging} {...props} />
    </Box>
  );
});
