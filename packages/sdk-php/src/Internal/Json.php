<?php

declare(strict_types=1);

namespace Bahi\Internal;

use Bahi\BahiObject;
use Bahi\Exception\InvalidArgumentException;
use Bahi\Exception\UnexpectedValueException;

/**
 * JSON that keeps numbers exact. PHP's json_decode turns 99.99 into a binary float, so decode() first
 * rewrites every number with a fraction or an exponent into a string holding its decimal text, and
 * encode() writes a decimal string that sits where the contract expects a number as a bare number.
 *
 * @internal
 */
final class Json
{
    /**
     * A JSON string (skipped whole, so that digits inside strings are left alone) or a number with a
     * fraction or an exponent. Possessive quantifiers keep long strings (JWTs, QR codes) linear.
     */
    private const NUMBER_WITH_FRACTION = '/"[^"\\\\]*+(?:\\\\.[^"\\\\]*+)*+"(*SKIP)(*FAIL)'
        . '|-?\d++(?:\.\d++)?[eE][+-]?\d++|-?\d++\.\d++/';

    /** The syntax of a JSON number: only such text may be written unquoted. */
    private const JSON_NUMBER = '/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/D';

    private const ENCODE_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR;

    /**
     * Decodes JSON into arrays, with integers as int (as string when beyond PHP_INT_MAX) and every
     * other number as its exact decimal string ("99.99", "0.005" for 5e-3): never a float.
     */
    public static function decode(string $json): mixed
    {
        $quoted = preg_replace_callback(
            self::NUMBER_WITH_FRACTION,
            static fn (array $m): string => '"' . self::plainDecimal($m[0]) . '"',
            $json
        );
        if ($quoted === null) {
            throw new UnexpectedValueException('Bahi: the answer is not JSON (' . preg_last_error_msg() . ')');
        }
        try {
            return json_decode($quoted, true, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR);
        } catch (\JsonException $e) {
            throw new UnexpectedValueException('Bahi: the answer is not JSON (' . $e->getMessage() . ')', 0, $e);
        }
    }

    /**
     * Encodes a request body. `$numbers` marks where the contract has numbers: a tree of property
     * names ending in `true`, with `*` for the items of a list or the values of a map. A string that
     * is a JSON number at such a place is written as that number, so "99.99" goes out as 99.99.
     * Floats are refused everywhere: their binary value is not the amount that was meant.
     *
     * @param array<string, mixed>|true $numbers
     */
    public static function encode(mixed $value, array|bool $numbers = [], string $pointer = ''): string
    {
        if ($value instanceof BahiObject) {
            $value = $value->toArray();
        } elseif ($value instanceof \JsonSerializable) {
            $value = $value->jsonSerialize();
        } elseif ($value instanceof \stdClass) {
            $value = (array) $value;
            if ($value === []) {
                return '{}';
            }
        }
        if (is_float($value)) {
            throw new InvalidArgumentException(sprintf(
                'Bahi: %s is a float (%s); pass amounts and quantities as decimal strings (\'99.99\') or ints,'
                . ' since a binary float is not the exact amount',
                $pointer === '' ? 'the body' : $pointer,
                var_export($value, true)
            ));
        }
        if (is_string($value) && $numbers === true && preg_match(self::JSON_NUMBER, $value) === 1) {
            return $value;
        }
        if (!is_array($value)) {
            return json_encode($value, self::ENCODE_FLAGS);
        }
        $children = is_array($numbers) ? $numbers : [];
        if (array_is_list($value) && ($value !== [] || $pointer !== '')) {
            $items = [];
            foreach ($value as $i => $item) {
                $items[] = self::encode($item, $children['*'] ?? [], $pointer . '/' . $i);
            }
            return '[' . implode(',', $items) . ']';
        }
        $members = [];
        foreach ($value as $key => $item) {
            $key = (string) $key;
            $members[] = json_encode($key, self::ENCODE_FLAGS) . ':'
                . self::encode($item, $children[$key] ?? $children['*'] ?? [], $pointer . '/' . $key);
        }
        return '{' . implode(',', $members) . '}';
    }

    /** A JSON number's text without an exponent: "1.5E+3" is "1500", "-25e-3" is "-0.025". */
    public static function plainDecimal(string $number): string
    {
        $e = strcspn($number, 'eE');
        if ($e === strlen($number)) {
            return $number;
        }
        $exponent = (int) substr($number, $e + 1);
        $mantissa = substr($number, 0, $e);
        $sign = '';
        if ($mantissa[0] === '-') {
            $sign = '-';
            $mantissa = substr($mantissa, 1);
        }
        [$whole, $fraction] = array_pad(explode('.', $mantissa, 2), 2, '');
        $digits = $whole . $fraction;
        $point = strlen($whole) + $exponent;
        if ($point <= 0) {
            $digits = str_repeat('0', 1 - $point) . $digits;
            $point = 1;
        } elseif ($point > strlen($digits)) {
            $digits .= str_repeat('0', $point - strlen($digits));
        }
        $intPart = ltrim(substr($digits, 0, $point), '0');
        $fracPart = substr($digits, $point);
        $text = ($intPart === '' ? '0' : $intPart) . ($fracPart === '' ? '' : '.' . $fracPart);
        return $sign === '-' && trim($text, '0.') !== '' ? '-' . $text : $text;
    }
}
