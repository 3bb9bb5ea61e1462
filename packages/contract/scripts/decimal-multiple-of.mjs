import { _, str } from "ajv/dist/2020.js";

/** The number of decimals of a step that is a power of ten (0.01 → 2); the spec uses no other. */
function decimalsOf(step) {
  const decimals = Math.max(0, Math.round(-Math.log10(step)));
  if (Number(`1e-${decimals}`) !== step) throw new Error(`multipleOf ${step} is not a power of ten`);
  return decimals;
}

/**
 * `multipleOf` for the spec's decimal steps, checked on the number as the client wrote it. Ajv
 * divides (123456.78 / 0.01 = 12345677.999999998) and allows an error of 1e-9 at most, which refused
 * about 1 in 14 amounts past ₹1,11,848 with paise, and quantities past 8,388.6 with three decimals,
 * as having too many decimals. A number has at most n decimals exactly when scaling it by 10ⁿ,
 * rounding and scaling back gives it back: the division is correctly rounded, so it lands on the
 * number a client wrote as that decimal, and on no other; every number the spec allows is far below
 * 2⁵³ / 10ⁿ, where the scaled integers stop being exact. (`toFixed` decides the same, 6 to 9 times
 * slower.)
 */
export const decimalMultipleOf = {
  keyword: "multipleOf",
  type: "number",
  schemaType: "number",
  error: {
    message: ({ schemaCode }) => str`must be multiple of ${schemaCode}`,
    params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}`,
  },
  code(cxt) {
    const scale = 10 ** decimalsOf(cxt.schema);
    cxt.fail(_`Math.round(${cxt.data} * ${scale}) / ${scale} !== ${cxt.data}`);
  },
};
