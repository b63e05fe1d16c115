import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import {
  ZodDefault,
  ZodDiscriminatedUnion,
  ZodEffects,
  ZodIntersection,
  ZodNullable,
  ZodObject,
  ZodOptional,
  ZodPipeline,
  type ZodTypeAny,
  ZodUnion,
} from "zod";

/**
 * Reads a form body. A body no browser would send (broken multipart, wrong encoding header)
 * becomes a 400 instead of an unhandled error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Malformed form body" }, { status: 400 });
  }
}

/**
 * The top-level field names a zod schema reads, or null when its shape cannot be known (then
 * nothing is filtered). Effects, pipelines, unions and intersections are looked through.
 */
export function schemaFieldNames(schema: ZodTypeAny): Set<string> | null {
  if (schema instanceof ZodObject) return new Set(Object.keys(schema.shape as Record<string, unknown>));
  if (schema instanceof ZodEffects) return schemaFieldNames(schema.innerType());
  if (schema instanceof ZodPipeline) return schemaFieldNames(schema._def.in as ZodTypeAny);
  if (schema instanceof ZodOptional || schema instanceof ZodNullable || schema instanceof ZodDefault)
    return schemaFieldNames(schema._def.innerType as ZodTypeAny);
  const parts: ZodTypeAny[] | null =
    schema instanceof ZodUnion || schema instanceof ZodDiscriminatedUnion
      ? [...(schema.options as Iterable<ZodTypeAny>)]
      : schema instanceof ZodIntersection
        ? [schema._def.left as ZodTypeAny, schema._def.right as ZodTypeAny]
        : null;
  if (!parts) return null;
  const names = new Set<string>();
  for (const part of parts) {
    const inner = schemaFieldNames(part);
    if (!inner) return null;
    for (const name of inner) names.add(name);
  }
  return names;
}

/**
 * parseWithZod for actions. Conform's submission.reply() sends back every field that was posted,
 * so a stranger's extra field (up to the body limit) would be echoed into the page. The whole form
 * is still parsed (schemas may preprocess helper fields such as durationCustom), but the reply
 * echoes only the schema's fields and the helper fields named in `echo`.
 */
export function parseForm<Schema extends ZodTypeAny>(formData: FormData, options: { schema: Schema; echo?: readonly string[] }) {
  const submission = parseWithZod(formData, { schema: options.schema });
  const names = schemaFieldNames(options.schema);
  if (!names) return submission;
  for (const name of options.echo ?? []) names.add(name);
  const reply = submission.reply.bind(submission);
  submission.reply = ((replyOptions?: Parameters<typeof reply>[0]) => {
    const result = reply(replyOptions);
    if (result.initialValue) result.initialValue = onlyFields(result.initialValue, names);
    return result;
  }) as typeof submission.reply;
  return submission;
}

/** Keeps the named top-level fields of a conform payload, plus conform's own ("__…"). */
export function onlyFields<T>(payload: Record<string, T>, names: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(payload).filter(([name]) => names.has(name) || name.startsWith("__")));
}
