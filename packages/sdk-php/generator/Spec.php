<?php

declare(strict_types=1);

namespace Bahi\Generator;

use Bahi\Internal\Json;

/**
 * The bundled OpenAPI document, read with the SDK's exact JSON decoder (so that an example's 99.99 is
 * the string "99.99", as a sample must pass it), and the few questions the generator asks of it.
 */
final class Spec
{
    /** @var array<string, mixed> */
    public readonly array $doc;

    /**
     * @param bool $exact numbers as exact decimal strings (the generator); false reads them as PHP's
     *     json_decode does, for a test that needs examples as the JSON they are
     */
    public function __construct(string $path, bool $exact = true)
    {
        $text = file_get_contents($path);
        if ($text === false) {
            throw new \RuntimeException("cannot read $path");
        }
        $this->doc = $exact ? Json::decode($text) : json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * The schema a `$ref` points to (followed to the end), or the schema itself.
     *
     * @param array<string, mixed> $node
     * @return array<string, mixed>
     */
    public function resolve(array $node): array
    {
        $seen = 0;
        while (isset($node['$ref'])) {
            if (++$seen > 20) {
                throw new \RuntimeException('$ref loop at ' . $node['$ref']);
            }
            $node = $this->pointer($node['$ref']);
        }
        return $node;
    }

    /** The component name of a `$ref` to `#/components/schemas/…`, or null. */
    public function schemaName(array $node): ?string
    {
        $ref = $node['$ref'] ?? null;
        return is_string($ref) && str_starts_with($ref, '#/components/schemas/')
            ? substr($ref, strlen('#/components/schemas/'))
            : null;
    }

    /** @return array<string, mixed> */
    public function pointer(string $ref): array
    {
        if (!str_starts_with($ref, '#/')) {
            throw new \RuntimeException("only local \$refs are supported: $ref");
        }
        $node = $this->doc;
        foreach (explode('/', substr($ref, 2)) as $part) {
            $part = str_replace(['~1', '~0'], ['/', '~'], $part);
            if (!is_array($node) || !array_key_exists($part, $node)) {
                throw new \RuntimeException("unresolved \$ref $ref");
            }
            $node = $node[$part];
        }
        return $node;
    }

    /**
     * Every operation, in the document's order.
     *
     * @return list<array<string, mixed>> each with `method`, `path`, `parameters` (resolved, path level
     *     included) and the operation's own fields
     */
    public function operations(): array
    {
        $operations = [];
        foreach ($this->doc['paths'] as $path => $item) {
            foreach (array_keys($item) as $method) {
                if (!in_array($method, ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'], true)) {
                    continue;
                }
                $operation = $item[$method];
                $parameters = [];
                foreach (array_merge($item['parameters'] ?? [], $operation['parameters'] ?? []) as $parameter) {
                    $parameter = $this->resolve($parameter);
                    $parameters[$parameter['in'] . ':' . $parameter['name']] = $parameter;
                }
                $operation['method'] = strtoupper($method);
                $operation['path'] = $path;
                $operation['parameters'] = array_values($parameters);
                $operations[] = $operation;
            }
        }
        return $operations;
    }

    /**
     * The first example of a media type: its `example`, else the value of its first `examples` entry.
     *
     * @param array<string, mixed> $media
     */
    public function example(array $media): mixed
    {
        if (array_key_exists('example', $media)) {
            return $media['example'];
        }
        foreach ($media['examples'] ?? [] as $example) {
            return $this->resolve($example)['value'] ?? null;
        }
        return null;
    }
}
