import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { chakra, type SystemStyleObject } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { contactServiceOptions } from "@crawlguard/content";
import { rootRouteId, useLocation, useRouteContext } from "@tanstack/react-router";
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { preloadToaster } from "../../components/toast-host";
import { showToast } from "../../lib/toaster";
import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_FORM_ANCHOR,
  type ContactErrors,
  type ContactField,
  type ContactFormOutcome,
  type ContactFormServerState,
  type ContactValues,
  EMPTY_CONTACT,
  FORM_TOKEN_FIELD,
} from "./contact-fields";
import { fieldControlProps, FormField } from "../../components/form-field";
import type * as ContactSubmit from "./contact-submit";
import type { TurnstileWidget } from "./turnstile";

type ContactModule = typeof ContactSubmit;

let contactModule: Promise<ContactModule> | undefined;
/** Validation and sending: a chunk of its own, fetched on the first interaction (again after a failure). */
const loadContactModule = () =>
  (contactModule ??= import("./contact-submit").catch((error: unknown) => {
    contactModule = undefined;
    throw error;
  }));

type Variant = "full" | "compact";

/** Server outcomes already shown: a client-side visit to the page later starts with a blank form. */
const shownOutcomes = new WeakSet<ContactFormServerState>();

/** The outcome of a script-less submission to this page, if the server rendered one and it is not yet shown. */
function pageOutcome(server: ContactFormServerState | undefined, pathname: string): ContactFormOutcome | undefined {
  if (!server || server.path !== pathname || shownOutcomes.has(server)) return undefined;
  return server.outcome;
}

const FIELDS: Record<Variant, readonly ContactField[]> = {
  full: ["name", "email", "phone", "zipCode", "address", "service", "message"],
  compact: ["name", "email", "phone", "zipCode", "service"],
};

const LABELS: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  zipCode: "Zip Code",
  service: "Service",
  message: "Message",
};

const REQUIRED: ReadonlySet<ContactField> = new Set(["name", "email", "zipCode"]);

const INPUTS: Partial<Record<ContactField, { type: string; autoComplete: string; placeholder: string; inputMode?: "numeric" }>> = {
  name: { type: "text", autoComplete: "name", placeholder: "Your full name" },
  email: { type: "email", autoComplete: "email", placeholder: "you@example.com" },
  phone: { type: "tel", autoComplete: "tel", placeholder: "(828) 555-1234" },
  address: { type: "text", autoComplete: "street-address", placeholder: "Street address" },
  zipCode: { type: "text", autoComplete: "postal-code", placeholder: "28801", inputMode: "numeric" },
};

/**
 * Plain controls styled with theme tokens: the form is server-rendered on the home page, so it
 * does without Chakra's field/input recipes and machinery (they would count against the home
 * page's JS budget).
 */
const controlStyles: SystemStyleObject = {
  display: "block",
  width: "100%",
  minH: "11",
  px: "3",
  py: "2",
  bg: "white",
  color: "fg",
  fontSize: "md",
  borderWidth: "1px",
  borderColor: "gray.300",
  rounded: "md",
  transition: "border-color 0.15s, box-shadow 0.15s",
  _hover: { borderColor: "gray.400" },
  _placeholder: { color: "gray.500" },
  _focusVisible: { outline: "none", borderColor: "brand.500", boxShadow: "0 0 0 1px {colors.brand.500}" },
  _invalid: { borderColor: "red.600", _focusVisible: { boxShadow: "0 0 0 1px {colors.red.600}" } },
  _disabled: { opacity: 0.6, cursor: "not-allowed" },
};

const Input = chakra("input", { base: controlStyles });
const Select = chakra("select", { base: controlStyles });
const Textarea = chakra("textarea", { base: { ...controlStyles, resize: "vertical" } });

type ContactFormProps = {
  variant: Variant;
  title: string;
  description?: ReactNode;
};

/**
 * The contact form (docs/product.md "Validation rules"), full on /contact and compact on the home
 * page. Validation runs on submit, then again on every change. Spam signals
 * go with each submission: a honeypot field people never see, the time since
 * the form was shown and, when the server has a site key, a Turnstile token.
 */
export function ContactForm({ variant, title, description }: ContactFormProps) {
  const id = useId();
  const siteKey = useRouteContext({ from: rootRouteId, select: (context) => context.turnstileSiteKey });
  const server = useRouteContext({ from: rootRouteId, select: (context) => context.contactForm });
  const pathname = useLocation({ select: (location) => location.pathname });
  // A form sent before the page's script ran comes back from the server with its outcome.
  const [outcome, setOutcome] = useState(() => pageOutcome(server, pathname));
  const [values, setValues] = useState<ContactValues>(() => (outcome && !outcome.sent ? outcome.values : EMPTY_CONTACT));
  const [errors, setErrors] = useState<ContactErrors>(() => (outcome && !outcome.sent ? outcome.errors : {}));
  const [pending, setPending] = useState(false);
  const latest = useRef(values);
  const busy = useRef(false);
  // Errors from the server re-validate on change, as after a submit here.
  const submitted = useRef(Boolean(outcome && !outcome.sent));
  const validate = useRef<ContactModule["validateContact"] | undefined>(undefined);
  const shownAt = useRef(0);
  const turnstileBox = useRef<HTMLDivElement>(null);
  const turnstile = useRef<Promise<TurnstileWidget> | undefined>(undefined);

  // Rendered by the server with the page, the form has been on screen since the page loaded (where
  // performance.now() counts from), not since the app started: a visitor who typed before then
  // and sends right after is not taken for a bot.
  const [withPage] = useState(() => Boolean(server && server.path === pathname && !shownOutcomes.has(server)));

  useEffect(() => {
    shownAt.current = withPage ? 0 : performance.now();
    return () =>
      void turnstile.current?.then(
        (widget) => widget.remove(),
        () => {},
      );
  }, [withPage]);

  useEffect(() => {
    if (server) shownOutcomes.add(server);
  }, [server]);

  const startTurnstile = () => {
    const box = turnstileBox.current;
    if (!siteKey || !box || turnstile.current) return;
    turnstile.current = import("./turnstile").then(({ mountTurnstile }) => mountTurnstile(box, siteKey));
    turnstile.current.catch(() => {
      turnstile.current = undefined;
    });
  };

  // The first focus or touch fetches what submitting needs.
  const warmUp = () => {
    loadContactModule().catch(() => {});
    preloadToaster();
    startTurnstile();
  };

  const change = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    latest.current = next;
    setValues(next);
    if (!submitted.current) return;
    if (validate.current) {
      setErrors(validate.current(next));
      return;
    }
    // Errors the server rendered: validation arrives with its chunk, then checks what is typed by then.
    loadContactModule().then(
      (contact) => {
        validate.current = contact.validateContact;
        if (submitted.current) setErrors(contact.validateContact(latest.current));
      },
      () => {},
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await validateAndSend(event.currentTarget);
    } finally {
      busy.current = false;
    }
  };

  const validateAndSend = async (form: HTMLFormElement) => {
    let contact: ContactModule;
    try {
      contact = await loadContactModule();
    } catch {
      showToast({ title: "Error", description: CONTACT_FAILED_MESSAGE, type: "error" });
      return;
    }
    validate.current = contact.validateContact;
    submitted.current = true;
    setOutcome(undefined);
    const found = contact.validateContact(values);
    setErrors(found);
    const firstInvalid = FIELDS[variant].find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }

    setPending(true);
    startTurnstile();
    const widget = await turnstile.current?.catch(() => undefined);
    const honeypot = (form.elements.namedItem("website") as HTMLInputElement | null)?.value;
    const result = await contact.sendContact(values, {
      botTrap: honeypot || undefined,
      elapsedMs: Math.round(performance.now() - shownAt.current),
      turnstileToken: await widget?.token(),
    });
    widget?.reset();
    setPending(false);

    if (!result.ok) {
      showToast({ title: "Error", description: result.message, type: "error" });
      return;
    }
    showToast({ title: "Message Sent!", description: result.message, type: "success" });
    form.reset();
    submitted.current = false;
    setValues(EMPTY_CONTACT);
    latest.current = EMPTY_CONTACT;
    setErrors({});
    shownAt.current = performance.now();
  };

  const control = (field: ContactField) => {
    const fieldId = `${id}-${field}`;
    const error = errors[field];
    const common = {
      ...fieldControlProps(fieldId, { required: REQUIRED.has(field), error }),
      name: field,
      value: values[field],
      onChange: change(field),
    };
    const input =
      field === "service" ? (
        <Select {...common}>
          <option value="">Select a service</option>
          {contactServiceOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : field === "message" ? (
        <Textarea {...common} rows={4} placeholder="Tell us about your crawl space or basement" />
      ) : (
        <Input {...common} {...INPUTS[field]} />
      );
    return (
      <FormField key={field} id={fieldId} label={LABELS[field]} required={REQUIRED.has(field)} error={error}>
        {input}
      </FormField>
    );
  };

  const full = variant === "full";
  const notice = noticeOf(outcome, FIELDS[variant]);
  const wide = (field: ContactField) => full && (field === "address" || field === "service" || field === "message");

  return (
    <chakra.form
      id={CONTACT_FORM_ANCHOR}
      aria-labelledby={`${id}-title`}
      // Sent before the page's script runs, the form posts to its own page (never a GET with the
      // visitor's details in the URL); the server answers with this page and the outcome.
      method="post"
      action={`${pathname}#${CONTACT_FORM_ANCHOR}`}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocusCapture={warmUp}
      onPointerDownCapture={warmUp}
    >
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h2" id={`${id}-title`} size={full ? "2xl" : "xl"} color="brand.950">
            {title}
          </Heading>
          {description ? <Text color="fg.muted">{description}</Text> : null}
        </Stack>
        {notice ? <FormNotice {...notice} /> : null}
        <SimpleGrid columns={{ base: 1, md: full ? 2 : 1 }} gap="4">
          {FIELDS[variant].map((field) =>
            wide(field) ? (
              <Box key={field} gridColumn={{ md: "1 / -1" }}>
                {control(field)}
              </Box>
            ) : (
              control(field)
            ),
          )}
        </SimpleGrid>
        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <Box aria-hidden="true" position="absolute" insetStart="-10000px" w="1px" h="1px" overflow="hidden">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </Box>
        {server ? <ServerFields server={server} /> : null}
        {siteKey ? <Box ref={turnstileBox} minH="16" /> : null}
        <Button type="submit" colorPalette="accent" size="lg" w="full" disabled={pending} whiteSpace="normal" h="auto" minH="12" py="3">
          {pending ? "Sending..." : "Send Message & Schedule Estimate"}
        </Button>
        <Text textStyle="xs" color="fg.muted" textAlign="center">
          {siteKey ? (
            <>
              This form is protected by Cloudflare Turnstile; the Cloudflare{" "}
              <chakra.a
                href="https://www.cloudflare.com/privacypolicy/"
                target="_blank"
                rel="noopener noreferrer"
                textDecoration="underline"
              >
                Privacy Policy
              </chakra.a>{" "}
              and{" "}
              <chakra.a
                href="https://www.cloudflare.com/website-terms/"
                target="_blank"
                rel="noopener noreferrer"
                textDecoration="underline"
              >
                Terms of Service
              </chakra.a>{" "}
              apply.
            </>
          ) : (
            "We only use your details to answer your request, and we never share them."
          )}
        </Text>
      </Stack>
    </chakra.form>
  );
}

type Notice = { tone: "success" | "error"; title: string; message: string };

/** The notice for a server outcome: success, a message for the whole form, or errors of fields this variant does not show. */
function noticeOf(outcome: ContactFormOutcome | undefined, shown: readonly ContactField[]): Notice | undefined {
  if (!outcome) return undefined;
  if (outcome.sent) return { tone: "success", title: "Message Sent!", message: outcome.message };
  const unshown = Object.entries(outcome.errors)
    .filter(([field]) => !shown.includes(field as ContactField))
    .map(([field, message]) => `${LABELS[field as ContactField] ?? field}: ${message}`);
  const message = [outcome.message, ...unshown].filter(Boolean).join(" ");
  return message ? { tone: "error", title: "Error", message } : undefined;
}

/** The toast's text, in place: a page answered to a script-less submission shows it without script. */
function FormNotice({ tone, title, message }: Notice) {
  const palette = tone === "success" ? "green" : "red";
  return (
    <Box
      role={tone === "success" ? "status" : "alert"}
      p="4"
      rounded="md"
      borderWidth="1px"
      borderColor={`${palette}.300`}
      bg={`${palette}.50`}
      color={`${palette}.900`}
    >
      <Text fontWeight="bold">{title}</Text>
      <Text textStyle="sm">{message}</Text>
    </Box>
  );
}

/** What a script-less submission sends besides the fields: the signed time of showing and the visit's attribution. */
function ServerFields({ server }: { server: ContactFormServerState }) {
  return (
    <>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={server.token} />
      {Object.entries(server.attribution).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}
