<?php

declare(strict_types=1);

namespace Bahi;

use Bahi\Exception\InvalidArgumentException;

/**
 * A file to send in a `multipart/form-data` field, e.g. the `file` of `$bahi->products->imports->create()`.
 * Its bytes are read once, so that a retried upload sends exactly the same body.
 */
final class Upload
{
    private const TYPES = [
        'csv' => 'text/csv',
        'xlsx' => 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'json' => 'application/json',
        'txt' => 'text/plain',
    ];

    private function __construct(
        public readonly string $contents,
        public readonly string $filename,
        public readonly string $contentType,
    ) {
    }

    /** The file at `$path`; its name (and, unless given, its type) from the path. */
    public static function fromPath(string $path, ?string $filename = null, ?string $contentType = null): self
    {
        $contents = is_file($path) && is_readable($path) ? file_get_contents($path) : false;
        if ($contents === false) {
            throw new InvalidArgumentException(sprintf('Bahi: cannot read the file %s', $path));
        }
        return self::fromString($contents, $filename ?? basename($path), $contentType);
    }

    /** A file from its bytes: CSV text, or the bytes of an `.xlsx` workbook. */
    public static function fromString(string $contents, string $filename, ?string $contentType = null): self
    {
        return new self($contents, $filename, $contentType ?? self::typeOf($filename));
    }

    /**
     * A file from an open stream (`fopen(...)`), read from where it stands to its end.
     *
     * @param resource $stream
     */
    public static function fromStream($stream, ?string $filename = null, ?string $contentType = null): self
    {
        if (!is_resource($stream) || get_resource_type($stream) !== 'stream') {
            throw new InvalidArgumentException('Bahi: Upload::fromStream() takes an open stream');
        }
        $contents = stream_get_contents($stream);
        if ($contents === false) {
            throw new InvalidArgumentException('Bahi: cannot read the stream');
        }
        $uri = stream_get_meta_data($stream)['uri'] ?? '';
        $name = $filename ?? (is_string($uri) && $uri !== '' && !str_contains($uri, '://') ? basename($uri) : 'upload');
        return self::fromString($contents, $name, $contentType);
    }

    private static function typeOf(string $filename): string
    {
        return self::TYPES[strtolower(pathinfo($filename, PATHINFO_EXTENSION))] ?? 'application/octet-stream';
    }
}
