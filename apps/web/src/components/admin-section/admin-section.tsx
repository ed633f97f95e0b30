import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type ComponentType, type ReactNode, useId, useState } from "react";
import { ConfirmDialog } from "../../features/dashboard/confirm-dialog";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { AdminList, type AdminListTexts, type ListQuery } from "./admin-list";
import { OneTimeSecret, type OneTimeSecretContent } from "./one-time-secret";

type Identified = { id: string };

/** The props of a dialog that creates one item: the section opens it afresh each time. */
export type CreateDialogProps<Created> = { open: boolean; onClose: () => void; onCreated: (created: Created) => void };

/** How an item is created: a dialog behind a header button, or a form always shown under the header. */
export type CreateThrough<Created> =
  | { button: { label: string; icon: ReactNode }; dialog: ComponentType<CreateDialogProps<Created>> }
  | { form: ComponentType<{ onCreated: (created: Created) => void }> };

/** The destructive action (revoke, delete) a row asks for, confirmed in a dialog first. */
export type ConfirmAction<Item> = {
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  message: (item: Item) => ReactNode;
  /** A tRPC mutation taking the item's id. */
  mutation: {
    mutate(input: { id: string }, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }): void;
    isPending: boolean;
  };
  done: { title: string; description: string };
  /** The error toast's title. */
  failed: string;
};

export type AdminSectionProps<Item extends Identified, Created extends Identified> = {
  title: string;
  description: ReactNode;
  create: CreateThrough<Created>;
  /** Shown under the header, before anything else (e.g. a warning about the whole section). */
  notice?: ReactNode;
  /** What is shown once after creating an item. */
  shownOnce: (created: Created) => OneTimeSecretContent;
  list: AdminListTexts & { query: ListQuery<Item>; gap?: "2" | "3" };
  /** One row; `confirm` asks before the destructive action on it. */
  renderItem: (item: Item, confirm: () => void) => ReactNode;
  confirm: ConfirmAction<Item>;
};

/**
 * An admin section that lists items, creates one (showing its link, key or secret once) and
 * confirms a destructive action on one: invitations, API keys and webhooks in User Management.
 */
export function AdminSection<Item extends Identified, Created extends Identified>({
  title,
  description,
  create,
  notice,
  shownOnce,
  list,
  renderItem,
  confirm,
}: AdminSectionProps<Item, Created>) {
  const headingId = useId();
  const [dialogKey, setDialogKey] = useState(0);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [confirming, setConfirming] = useState<Item | null>(null);

  const runConfirmed = () => {
    if (!confirming) return;
    confirm.mutation.mutate(
      { id: confirming.id },
      {
        onSuccess: () => {
          if (created?.id === confirming.id) setCreated(null);
          setConfirming(null);
          showToast({ ...confirm.done, type: "success" });
        },
        onError: (error) => showToast({ title: confirm.failed, description: toastErrorText(error), type: "error" }),
      },
    );
  };

  const intro = (
    <Box>
      <Heading as="h2" size="lg" id={headingId}>
        {title}
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        {description}
      </Text>
    </Box>
  );
  const Dialog = "dialog" in create ? create.dialog : null;
  const Form = "form" in create ? create.form : null;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" mb="8">
      {"button" in create ? (
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          {intro}
          <Button
            colorPalette="brand"
            onClick={() => {
              setDialogKey((k) => k + 1);
              setCreating(true);
            }}
          >
            {create.button.icon}
            {create.button.label}
          </Button>
        </Flex>
      ) : (
        intro
      )}
      {Form ? <Form onCreated={setCreated} /> : null}
      {notice}
      {created ? <OneTimeSecret content={shownOnce(created)} onDismiss={() => setCreated(null)} /> : null}
      <AdminList {...list} renderItem={(item) => renderItem(item, () => setConfirming(item))} />
      {Dialog ? <Dialog key={dialogKey} open={creating} onClose={() => setCreating(false)} onCreated={setCreated} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirm.title}
        confirmLabel={confirm.confirmLabel}
        pendingLabel={confirm.pendingLabel}
        pending={confirm.mutation.isPending}
        onConfirm={runConfirmed}
      >
        {confirming ? confirm.message(confirming) : null}
      </ConfirmDialog>
    </Stack>
  );
}
