import { _, str } from "ajv/dist/2020.js";

/**
 * `x-decimals: n`: the number has at most n decimals, checked on the number as the client wrote it.
 * The spec says "at most two decimals" this way rather than with `multipleOf: 0.01`, which every
 * stock validator checks by a binary division (1111.11 / 0.01 = 111110.99999999999) and so refuses
 * correct amounts; they ignore an `x-` keyword. A number has at most n decimals exactly when scaling
 * it by 10ⁿ, rounding and scaling back gives it back: the division is correctly rounded, so it lands
 * on the number a client wrote as that decimal and on no other, for every number below 2⁵³ / 10ⁿ.
 */
export const decimalsKeyword = {
  keyword: "x-decimals",
  type: "number",
  schemaType: "number",
  error: {
    message: ({ schemaCode }) => str`must have at most ${schemaCode} decimals`,
    params: ({ schemaCode }) => _`{decimals: ${schemaCode}}`,
  },
  code(cxt) {
    const scale = 10 ** cxt.schema;
    cxt.fail(_`Math.round(${cxt.data} * ${scale}) / ${scale} !== ${cxt.data}`);
  },
};
