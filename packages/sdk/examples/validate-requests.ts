// The README's client-side validation. Type-checked in CI against the SDK's sources, and run by its tests.
import { operationList, toFieldErrors } from "@bahi/contract";
import { Bahi, type RequestValidator } from "@bahi/sdk";

const bodyValidators = new Map(operationList.map((op) => [op.operationId, op.validate.body]));

export const validateRequest: RequestValidator = (operationId, body) => {
  const validate = bodyValidators.get(operationId);
  // The compiled validators fill in defaults while checking: check a copy, send the caller's object.
  if (!validate || validate(structuredClone(body))) return [];
  return toFieldErrors(validate.errors ?? []);
};

export function validatingClient(apiKey = process.env.BAHI_API_KEY, baseUrl?: string): Bahi {
  return new Bahi({ apiKey, baseUrl, validateRequest });
}
