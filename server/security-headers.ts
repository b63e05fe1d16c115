import type { RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** Stands for the request's script nonce while helmet works the headers out once. */
const NONCE_MARK = "mesa-nonce-mark";

type Step = { set: string; value: string; withNonce: boolean } | { remove: string };

/**
 * helmet's headers, worked out once when the server starts and replayed on every response: only
 * the Content-Security-Policy's script nonce differs from one request to the next. Run per
 * request, helmet's middlewares rebuilt the same dozen headers each time, about 4 % of a page's
 * CPU (`npm run bench:profile`). The nonce is `res.locals.cspNonce`, chosen by an earlier
 * middleware; a directive that names it reads it there too.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const steps = helmetSteps(options);
  return (_req, res: Response, next) => {
    const nonce = res.locals.cspNonce as string;
    for (const step of steps) {
      if ("remove" in step) res.removeHeader(step.remove);
      else res.setHeader(step.set, step.withNonce ? step.value.replaceAll(NONCE_MARK, nonce) : step.value);
    }
    next();
  };
}

/**
 * What helmet does to a response, in order, with NONCE_MARK as the nonce. A directive given as a
 * function gets a response whose `locals.cspNonce` is the mark: the one value that may change.
 */
export function helmetSteps(options: HelmetOptions): Step[] {
  const steps: Step[] = [];
  const response = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(name: string, value: unknown) {
      const text = String(value);
      steps.push({ set: name, value: text, withNonce: text.includes(NONCE_MARK) });
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let done = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  // helmet works synchronously; if a later version did not, the replay would miss headers.
  if (!done) throw new Error("helmet did not finish synchronously");
  return steps;
}
