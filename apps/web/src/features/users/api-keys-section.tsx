import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type ApiKey, apiKeyCreateSchema, type ApiKeyScope, type CreatedApiKey } from "@crawlguard/validators";
import { parseISO } from "date-fns";
import { KeyRound, ListChecks, X } from "lucide-react";
import { useId, useState } from "react";
import { AdminSection } from "../../components/admin-section/admin-section";
import { FormField } from "../../components/form-field";
import { Input, SelectControl } from "../../components/form-controls";
import { DateTimeInput } from "../../components/date-time-input";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { fieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { ApiKeyCalls, SECONDS_FORMAT } from "./api-key-calls";

const SCOPE_OPTIONS = [
  { value: "read", label: "Read only (GET)" },
  { value: "read-write", label: "Read and write" },
] as const;

/**
 * API keys (docs/api.md, Integrations; ADR 029): an admin makes a key for an integration (Zapier, a
 * CRM, a landing page), sees it once, and revokes it. Requests with it act as the admin, minus
 * admin-only operations.
 */
export function ApiKeysSection() {
  const keys = trpc.apiKeys.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.apiKeys.revoke.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });

  return (
    <AdminSection<ApiKey, CreatedApiKey>
      title="API keys"
      description={
        <>
          For tools that connect to CrawlGuard: send the key as <code>Authorization: Bearer &lt;key&gt;</code> to any /api path.
        </>
      }
      create={{ form: NewApiKeyForm }}
      // Only its hash is stored, so it cannot be shown again.
      shownOnce={(apiKey) => ({
        label: "New API key",
        title: <>API key &ldquo;{apiKey.name}&rdquo; created</>,
        field: { label: "API key", helper: "Shown only now: copy it. CrawlGuard keeps only a fingerprint of it.", name: "apiKey" },
        value: apiKey.key,
        copy: {
          label: "Copy Key",
          copied: { title: "Key copied", description: "Paste it into the tool you are connecting." },
          selectTitle: "Copy the selected key",
        },
      })}
      list={{
        query: keys,
        label: "API keys",
        loading: "Loading API keys...",
        loadFailed: "Could not load API keys",
        empty: "No API keys yet.",
      }}
      renderItem={(key, confirm) => <ApiKeyRow apiKey={key} onRevoke={confirm} />}
      confirm={{
        title: "Revoke API key?",
        confirmLabel: "Revoke Key",
        pendingLabel: "Revoking...",
        message: (key) => `Every request with "${key.name}" will be refused at once. This cannot be undone.`,
        mutation: revoke,
        done: { title: "API key revoked", description: "Requests with it are refused from now on." },
        failed: "Failed to revoke API key",
      }}
    />
  );
}

function NewApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const zone = useBusinessTimeZone();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [expires, setExpires] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation({ onSuccess: () => utils.apiKeys.list.invalidate() });
  // A date means the end of that day in the business zone's terms is close enough: the key stops at its start.
  const expiresAt = expires ? new Date(`${expires}T00:00:00Z`).toISOString() : undefined;
  const parsed = apiKeyCreateSchema.safeParse({ name, scope, expiresAt });
  const errors = submitted ? fieldErrors<"name" | "expiresAt">(parsed) : {};

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setName("");
      setExpires("");
      setSubmitted(false);
    } catch (error) {
      showToast({ title: "Failed to create API key", description: toastErrorText(error), type: "error" });
    }
  };

  return (
    <Card.Root asChild size="sm" variant="outline">
      {/* noValidate: the form's own messages ("Name is required"), not the browser's bubble, as in every form here. */}
      <form aria-label="New API key" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <Card.Body>
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Box flex="2 1 14rem">
              <FormField label="Key name" required error={errors.name} helper="What it is for, e.g. Zapier.">
                <Input name="apiKeyName" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
              </FormField>
            </Box>
            <Box flex="1 1 10rem">
              <FormField label="Access">
                <SelectControl name="apiKeyScope" value={scope} options={SCOPE_OPTIONS} onChange={(v) => setScope(v as ApiKeyScope)} />
              </FormField>
            </Box>
            <Box flex="1 1 10rem">
              <FormField label="Expires" error={errors.expiresAt} helper={`Optional (${zone}).`}>
                <DateTimeInput name="apiKeyExpires" type="date" value={expires} onCommit={setExpires} />
              </FormField>
            </Box>
            <Button type="submit" colorPalette="brand" loading={create.isPending} loadingText="Creating...">
              <KeyRound aria-hidden="true" />
              Create API Key
            </Button>
          </Flex>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const zone = useBusinessTimeZone();
  const [showCalls, setShowCalls] = useState(false);
  const callsId = useId();
  const when = (iso: string) => formatInZone(parseISO(iso), DATE_FORMAT, zone);
  // The last use to the second: an integration's calls come seconds apart.
  const lastUsed = (iso: string) => `${when(iso)} ${formatInZone(parseISO(iso), SECONDS_FORMAT, zone)}`;
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= Date.now();
  const state = apiKey.revokedAt ? "Revoked" : expired ? "Expired" : null;
  return (
    <Card.Root as="li" size="sm" variant="outline" aria-label={`API key ${apiKey.name}`}>
      <Card.Body>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Box minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium" wordBreak="break-all">
                {apiKey.name}
              </Text>
              <Badge variant="outline">{apiKey.scope === "read" ? "Read only" : "Read and write"}</Badge>
              {state ? <Badge colorPalette="red">{state}</Badge> : null}
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              <code>{apiKey.prefix}…</code> · created {when(apiKey.createdAt)}
              {apiKey.createdBy ? ` by ${apiKey.createdBy}` : ""} ·{" "}
              {apiKey.lastUsedAt ? `last used ${lastUsed(apiKey.lastUsedAt)}` : "never used"}
              {apiKey.expiresAt && !apiKey.revokedAt ? ` · expires ${when(apiKey.expiresAt)}` : ""}
            </Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              size="sm"
              aria-expanded={showCalls}
              aria-controls={callsId}
              aria-label={`Calls made with ${apiKey.name}`}
              onClick={() => setShowCalls((v) => !v)}
            >
              <ListChecks aria-hidden="true" />
              {showCalls ? "Hide Calls" : "Calls"}
            </Button>
            {apiKey.revokedAt ? null : (
              <Button variant="outline" colorPalette="red" size="sm" onClick={onRevoke} aria-label={`Revoke API key ${apiKey.name}`}>
                <X aria-hidden="true" />
                Revoke
              </Button>
            )}
          </HStack>
        </Flex>
        {showCalls ? <ApiKeyCalls id={callsId} apiKey={apiKey} /> : null}
      </Card.Body>
    </Card.Root>
  );
}
