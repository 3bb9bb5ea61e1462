<?php

declare(strict_types=1);

namespace Bahi\Internal;

use Bahi\Exception\InvalidArgumentException;

/**
 * A query string as the contract's parameters are written (`style: form`): booleans as `true` and
 * `false`, a list as the name repeated, nulls left out.
 *
 * @internal
 */
final class Query
{
    /** @param array<string, mixed> $params */
    public static function encode(array $params): string
    {
        $pairs = [];
        foreach ($params as $name => $value) {
            foreach (is_array($value) ? $value : [$value] as $item) {
                if ($item === null) {
                    continue;
                }
                $pairs[] = rawurlencode((string) $name) . '=' . rawurlencode(self::text((string) $name, $item));
            }
        }
        return implode('&', $pairs);
    }

    private static function text(string $name, mixed $value): string
    {
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        if (is_string($value) || is_int($value) || $value instanceof \Stringable) {
            return (string) $value;
        }
        throw new InvalidArgumentException(sprintf(
            'Bahi: the query parameter %s takes a string, an int or a bool, not %s',
            $name,
            get_debug_type($value)
        ));
    }
}
