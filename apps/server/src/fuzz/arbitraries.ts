/**
 * fast-check arbitraries built from the OpenAPI document's JSON Schemas: schema-valid values
 * (enums, formats, patterns, lengths and bounds honoured) and hostile replacements for them.
 */
import fc from "fast-check";
import type { Collection, JsonSchema } from "./operations.js";
import type { Placeholder } from "./values.js";

export const ONE_MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Schema-valid values

/** Characters a person types: printable ASCII, accented letters, other scripts, emoji. */
const typedChar = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom("é", "ñ", "ü", "ß", "Ø", "ł", "ç", "—", "’", "“", "”", "€") },
  { weight: 1, arbitrary: fc.constantFrom("Ж", "λ", "中", "あ", "한", "ع", "א", "😀", "👍🏽", "🇺🇸", "e\u0301") },
);
const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");

/** Text that starts with a letter (so trimming never empties it), within the schema's lengths. */
function typedText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, 60));
  return fc.tuple(letter, fc.array(typedChar, { maxLength: Math.max(0, max - 1) })).map(([first, rest]) => {
    let s = first + rest.join("");
    // Within max UTF-16 units, and at least min code points (zod counts the latter for .min).
    while (s.length > max) s = [...s].slice(0, -1).join("");
    s = s.trimEnd();
    while ([...s].length < minLength) s += "x";
    return s;
  });
}

/** An address the server's email pattern accepts. */
export const emailArb = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,10}([._+-][a-z0-9]{1,6})?$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/),
    fc.constantFrom("com", "org", "net", "io", "co.uk"),
  )
  .map(([local, domain, tld]) => `fz.${local}@${domain}.${tld}`);

/** Date-times the product accepts (2000–2099), in UTC or with an offset. */
const instantArb = fc
  .tuple(
    fc.date({ min: new Date("2000-01-02T00:00:00Z"), max: new Date("2099-12-30T00:00:00Z"), noInvalidDate: true }),
    fc.constantFrom("Z", "Z", "+02:00", "-05:00"),
  )
  .map(([d, zone]) => d.toISOString().replace(/Z$/, zone === "Z" ? "Z" : `${zone}`));

/** Field-name hints where the document's schema is looser than the validator behind it. */
const NAME_HINTS: Record<string, fc.Arbitrary<string>> = {
  zipCode: fc.stringMatching(/^\d{5}(-\d{4})?$/),
  phone: fc.oneof(fc.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/), fc.stringMatching(/^\+1 \d{3}[ .-]\d{3}[ .-]\d{4}$/)),
  password: typedText(8, 40),
  estimatedValue: fc.stringMatching(/^\d{1,7}(\.\d{2})?$/),
};

export interface ValueContext {
  /** The property or parameter name. */
  name?: string;
  /** The collection an id names. */
  collection?: Collection | undefined;
}

/** A reference to an existing record (resolved when the request is sent), or now and then an unknown id. */
export function refArb(collection: Collection): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        $fuzz: fc.constant("ref" as const),
        collection: fc.constant(collection),
        pick: fc.nat(),
        spelling: fc.constant("plain" as const),
      }),
    },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
  );
}

export function validArbitrary(schema: JsonSchema, ctx: ValueContext = {}): fc.Arbitrary<unknown> {
  if (ctx.collection && (schema.format === "uuid" || schema.anyOf?.some((s) => s.format === "uuid"))) {
    // Nullable ids stay nullable now and then.
    const nullable = schema.anyOf?.some((s) => s.type === "null");
    return nullable
      ? fc.oneof({ weight: 5, arbitrary: refArb(ctx.collection) }, { weight: 1, arbitrary: fc.constant(null) })
      : refArb(ctx.collection);
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => validArbitrary(b, ctx)));
  if (schema.allOf?.[0]) return validArbitrary(schema.allOf[0], ctx);
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => validArbitrary({ ...schema, type: t }, ctx)));
  switch (type[0]) {
    case "string":
      return validString(schema, ctx);
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)), max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) });
    case "number": {
      // Hundredths within the bounds (a quantity, a percentage): what forms send. Numbers with
      // more decimals, and out of bounds, are among the hostile replacements.
      const low = Math.ceil((schema.exclusiveMinimum ?? schema.minimum ?? -1e6) * 100) + (schema.exclusiveMinimum !== undefined ? 1 : 0);
      const high = Math.floor((schema.maximum ?? 1e6) * 100);
      const min = Math.max(low, -(2 ** 31) + 1);
      return fc.integer({ min, max: Math.min(Math.max(min, high), 2 ** 31 - 1) }).map((hundredths) => hundredths / 100);
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, minLength + 3));
      const items = validArbitrary(schema.items ?? {}, ctx);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case "object":
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: JsonSchema, ctx: ValueContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.format === "email") return emailArb.filter(fits);
  if (schema.format === "uuid") return fc.uuid({ version: 4 });
  if (schema.format === "date-time") return instantArb;
  const hint = ctx.name ? NAME_HINTS[ctx.name] : undefined;
  if (hint) return hint.filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (max === 0) return fc.constant("");
  return typedText(Math.max(min, 1), max);
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([name, s]) => [name, validArbitrary(s, { name })]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** A valid input object for an operation: its path, query and body fields merged, as both doors take them. */
export function validInput(
  fields: Record<string, { schema: JsonSchema; required: boolean }>,
  refs: Record<string, Collection>,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    Object.entries(fields).map(([name, f]) => [name, validArbitrary(f.schema, { name, collection: refs[name] })]),
  );
  const required = Object.entries(fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
  return fc.record(model, { requiredKeys: required });
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const repeat = (unit: string, count: number): Placeholder => ({ $fuzz: "repeat", unit, count });
const literal = (text: string): Placeholder => ({ $fuzz: "literal", text });
const deep = (depth: number, shape: "array" | "object"): Placeholder => ({ $fuzz: "deep", depth, shape });

/** Strings that have broken servers: control characters, broken Unicode, sizes, look-alikes of other types. */
export const hostileStringArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "Jane\u0000Doe",
      "\u0001\u0002\u0003\u001b[31m\u001f",
      "\u007f",
      "\u0085\u009f",
      "\uD800",
      "x\uDC00y",
      "\uDFFF\uD800",
      "\uD83D",
      "\u202Eevil\u202C",
      "\uFEFF",
      "\u200B\u200D",
      "   ",
      "",
      "\t\n\r",
      "\r\nSet-Cookie: injected=1",
      "NaN",
      "Infinity",
      "-Infinity",
      "null",
      "undefined",
      "true",
      "[]",
      "{}",
      "0",
      "-1",
      "1e308",
      "-1e308",
      "9007199254740993",
      "0x1F",
      "1_000",
      "' OR '1'='1",
      "'; DROP TABLE leads; --",
      "%00",
      "%",
      "%zz",
      "../../../../etc/passwd",
      "<script>alert(1)</script>",
      "${jndi:ldap://x.invalid/a}",
      "{{7*7}}",
      "__proto__",
      "constructor",
      "e\u0301\u0301\u0301\u0301",
      "\uFDFA",
      "2024-02-30T00:00:00Z",
      "1999-12-31T23:59:59Z",
      "2100-01-01T00:00:00Z",
      "+275760-09-13T00:00:00.000Z",
      "-000001-01-01T00:00:00Z",
      "0000-00-00T00:00:00Z",
      "2024-01-01",
      "2024-01-01T25:61:00Z",
      "not-a-uuid",
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "admin",
      "a".repeat(300),
      "😀".repeat(3000),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      repeat("a", ONE_MIB),
      repeat("a", 100_000),
      repeat("é", 600_000),
      repeat("\u0000", 1000),
      repeat("\uD800", 1000),
      repeat("1", 5000),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      $fuzz: fc.constant("bytes" as const),
      before: fc.constantFrom("", "ab", "Jane "),
      bytes: fc.constantFrom([0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]),
      after: fc.constantFrom("", "cd", " Doe"),
    }),
  },
  // Any UTF-16 code unit, lone surrogates and controls included.
  { weight: 3, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);

export const hostileNumberArb: fc.Arbitrary<unknown> = fc.constantFrom(
  1e308,
  -1e308,
  -1,
  0,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  literal("-0"),
  literal("1e309"),
  literal("-1e309"),
  literal("1e-400"),
  literal("9007199254740993"),
  literal("123456789012345678901234567890"),
  "NaN",
  "Infinity",
  "-Infinity",
  "12",
  "1e3",
);

/** Values of the wrong JSON type, nesting included. */
export const wrongTypeArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      1,
      -1,
      "",
      [],
      {},
      [[]],
      ["x"],
      { a: {} },
      { $fuzz: "not-a-placeholder" },
      [null],
      { toString: "x", valueOf: 1 },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(deep(5000, "array"), deep(5000, "object"), deep(100, "array"), deep(33, "object"), deep(31, "array")),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A hostile replacement for a value of this schema. */
export function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set<string>();
  const collect = (s: JsonSchema) => {
    for (const t of Array.isArray(s.type) ? s.type : s.type ? [s.type] : []) types.add(t);
    for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) collect(b);
  };
  collect(schema);
  const numeric = types.has("integer") || types.has("number");
  return fc.oneof(
    { weight: types.has("string") || types.size === 0 ? 5 : 2, arbitrary: hostileStringArb },
    { weight: numeric ? 5 : 1, arbitrary: hostileNumberArb },
    { weight: 3, arbitrary: wrongTypeArb },
  );
}

/** Whole inputs that are not what any operation takes. */
export function hostileWholeInput(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null,
      [],
      "input",
      42,
      true,
      {},
      deep(5000, "array"),
      deep(5000, "object"),
      deep(40, "object"),
      literal("1e309"),
    ),
    valid.map((v) => [v]),
    valid.map((v) => ({
      ...v,
      isAdmin: true,
      id: "00000000-0000-0000-0000-000000000000",
      password: "x",
      createdAt: "2000-01-01T00:00:00Z",
    })),
    valid.map((v) =>
      Object.assign(JSON.parse('{"__proto__":{"isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}}}') as object, v),
    ),
    valid.map((v) => ({ ...v, ...Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i])) })),
    valid.map((v) => ({ json: v, meta: { values: {} } })),
  );
}
