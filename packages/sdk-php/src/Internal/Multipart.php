<?php

declare(strict_types=1);

namespace Bahi\Internal;

use Bahi\Exception\InvalidArgumentException;
use Bahi\Upload;

/**
 * A `multipart/form-data` body, built in memory so that a retry sends the same bytes.
 *
 * @internal
 */
final class Multipart
{
    /**
     * @param array<string, mixed> $fields Upload objects, open streams, or scalar values
     * @return array{string, string} the body and its Content-Type
     */
    public static function encode(array $fields): array
    {
        $boundary = 'bahi-' . bin2hex(random_bytes(16));
        $body = '';
        foreach ($fields as $name => $value) {
            if ($value === null) {
                continue;
            }
            if (is_resource($value)) {
                $value = Upload::fromStream($value);
            }
            $disposition = 'Content-Disposition: form-data; name="' . self::quote((string) $name) . '"';
            if ($value instanceof Upload) {
                $body .= '--' . $boundary . "\r\n"
                    . $disposition . '; filename="' . self::quote($value->filename) . "\"\r\n"
                    . 'Content-Type: ' . $value->contentType . "\r\n\r\n"
                    . $value->contents . "\r\n";
                continue;
            }
            if (is_bool($value)) {
                $value = $value ? 'true' : 'false';
            }
            if (!is_string($value) && !is_int($value)) {
                throw new InvalidArgumentException(sprintf(
                    'Bahi: the form field %s takes a string, an int, a bool or (for a file) a Bahi\Upload',
                    $name
                ));
            }
            $body .= '--' . $boundary . "\r\n" . $disposition . "\r\n\r\n" . $value . "\r\n";
        }
        return [$body . '--' . $boundary . "--\r\n", 'multipart/form-data; boundary=' . $boundary];
    }

    private static function quote(string $value): string
    {
        return str_replace(['\\', '"', "\r", "\n"], ['\\\\', '\\"', '%0D', '%0A'], $value);
    }
}
