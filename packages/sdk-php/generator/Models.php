<?php

declare(strict_types=1);

namespace Bahi\Generator;

/**
 * The model classes the answers need, found by walking the response schemas: one class per object
 * schema (a component keeps its name, an inline object is named after its owner and property), each
 * field with the runtime spec BahiObject reads it by and the PHPDoc type it documents.
 */
final class Models
{
    public const NS = 'Bahi\\Model';

    /**
     * @var array<string, array{
     *     description: string, fields: array<string, array<string, mixed>>, required: list<string>,
     *     object: ?string, item: ?string
     * }|null> by class name; null while a class is being read (recursion)
     */
    public array $classes = [];

    public function __construct(private readonly Spec $spec)
    {
    }

    /**
     * What a schema is at run time and in the docs. `spec` is null (as decoded), 'decimal', a class,
     * ['list'|'map', spec] or ['union', classes]; `classes` are the model classes it names.
     *
     * @param array<string, mixed> $node
     * @return array{spec: mixed, doc: string, nullable: bool}
     */
    public function type(array $node, string $suggestedName): array
    {
        $name = $this->spec->schemaName($node);
        if ($name !== null) {
            $target = $this->spec->resolve($node);
            if ($this->objectOf($target) !== null) {
                return $this->classType($this->register($name, $target));
            }
            return $this->type($target, $name);
        }
        if (isset($node['oneOf']) && !isset($node['properties'])) {
            return $this->union($node['oneOf'], $suggestedName);
        }
        if (isset($node['allOf']) && $this->objectOf($node) === null) {
            return $this->type($node['allOf'][0], $suggestedName);
        }
        $type = $node['type'] ?? null;
        $nullable = false;
        if (is_array($type)) {
            $nullable = in_array('null', $type, true);
            $type = array_values(array_diff($type, ['null']))[0] ?? 'null';
        }
        if ($type === null && array_key_exists('const', $node)) {
            $type = match (true) {
                is_string($node['const']) => 'string',
                is_bool($node['const']) => 'boolean',
                is_int($node['const']) => 'integer',
                default => null,
            };
        }
        if ($type === null && $this->objectOf($node) !== null) {
            $type = 'object';
        }
        $scalar = fn (mixed $spec, string $doc): array => ['spec' => $spec, 'doc' => $doc, 'nullable' => $nullable];
        switch ($type) {
            case 'string':
                return $scalar(null, 'string');
            case 'integer':
                return $scalar(null, 'int');
            case 'number':
                return $scalar('decimal', 'numeric-string');
            case 'boolean':
                return $scalar(null, 'bool');
            case 'null':
                return ['spec' => null, 'doc' => 'null', 'nullable' => true];
            case 'array':
                $item = $this->type($node['items'] ?? [], Php::singular($suggestedName));
                $doc = 'list<' . $item['doc'] . ($item['nullable'] ? '|null' : '') . '>';
                return $scalar($item['spec'] === null ? null : ['list', $item['spec']], $doc);
            case 'object':
                if ($this->objectOf($node) !== null && ($node['properties'] ?? []) !== []) {
                    $class = $this->register($suggestedName, $node);
                    return ['spec' => $this->classRef($class), 'doc' => $class, 'nullable' => $nullable];
                }
                if (is_array($node['additionalProperties'] ?? null)) {
                    $value = $this->type($node['additionalProperties'], $suggestedName . 'Value');
                    return $scalar(
                        $value['spec'] === null ? null : ['map', $value['spec']],
                        'array<string, ' . $value['doc'] . '>'
                    );
                }
                return $scalar(null, 'array<string, mixed>');
        }
        return $scalar(null, 'mixed');
    }

    /**
     * A oneOf: `T|null` is a nullable T; a choice of objects is a union that BahiObject tells apart by
     * `object` or by the required fields; anything else is documented as the choice of its types.
     *
     * @param list<array<string, mixed>> $members
     * @return array{spec: mixed, doc: string, nullable: bool}
     */
    private function union(array $members, string $suggestedName): array
    {
        $nonNull = array_values(array_filter($members, static fn (array $m): bool => ($m['type'] ?? null) !== 'null'));
        $nullable = count($nonNull) < count($members);
        $types = [];
        foreach ($nonNull as $i => $member) {
            $types[] = $this->type($member, $suggestedName . (count($nonNull) > 1 ? (string) ($i + 1) : ''));
        }
        if (count($types) === 1) {
            return ['nullable' => $nullable || $types[0]['nullable']] + $types[0];
        }
        $classes = [];
        foreach ($types as $type) {
            if ($type['spec'] instanceof Code) {
                $classes[] = $type['spec'];
            }
        }
        $docs = array_values(array_unique(array_column($types, 'doc')));
        if (count($classes) === count($types)) {
            return ['spec' => ['union', $classes], 'doc' => implode('|', $docs), 'nullable' => $nullable];
        }
        $specs = array_unique(array_map('serialize', array_column($types, 'spec')));
        return [
            'spec' => count($specs) === 1 ? $types[0]['spec'] : null,
            'doc' => implode('|', $docs),
            'nullable' => $nullable,
        ];
    }

    /** @return array{spec: Code, doc: string, nullable: bool} */
    private function classType(string $class): array
    {
        return ['spec' => $this->classRef($class), 'doc' => $class, 'nullable' => false];
    }

    private function classRef(string $class): Code
    {
        return new Code($class . '::class');
    }

    /**
     * An object schema with its allOf members merged in, or null when the schema is not an object.
     *
     * @param array<string, mixed> $node
     * @return array{properties: array<string, mixed>, required: list<string>, description: string}|null
     */
    public function objectOf(array $node): ?array
    {
        $node = $this->spec->resolve($node);
        $isObject = ($node['type'] ?? null) === 'object' || isset($node['properties']);
        $merged = ['properties' => [], 'required' => [], 'description' => ''];
        foreach ($node['allOf'] ?? [] as $member) {
            $part = $this->objectOf($member);
            if ($part === null) {
                continue;
            }
            $isObject = true;
            $merged['properties'] = array_merge($merged['properties'], $part['properties']);
            $merged['required'] = array_merge($merged['required'], $part['required']);
            $merged['description'] = $part['description'];
        }
        if (!$isObject) {
            return null;
        }
        $merged['properties'] = array_merge($merged['properties'], $node['properties'] ?? []);
        $merged['required'] = array_values(array_unique(array_merge($merged['required'], $node['required'] ?? [])));
        $merged['description'] = (string) ($node['description'] ?? $merged['description']);
        return $merged;
    }

    /**
     * Reads an object schema into a class (once) and returns the class's name.
     *
     * @param array<string, mixed> $node
     */
    public function register(string $name, array $node): string
    {
        if (array_key_exists($name, $this->classes)) {
            return $name;
        }
        $this->classes[$name] = null;
        $object = $this->objectOf($node) ?? throw new \LogicException("$name is not an object");
        $fields = [];
        foreach ($object['properties'] as $property => $schema) {
            $type = $this->type($schema, $name . Php::pascal((string) $property));
            $resolved = $this->spec->resolve($schema);
            $fields[(string) $property] = $type + [
                'description' => (string) ($schema['description'] ?? $resolved['description'] ?? ''),
                'required' => in_array($property, $object['required'], true),
                'const' => $resolved['const'] ?? null,
            ];
        }
        $isList = ($fields['object']['const'] ?? null) === 'list' && isset($fields['data'], $fields['has_more']);
        $this->classes[$name] = [
            'description' => $object['description'],
            'fields' => $fields,
            'required' => $object['required'],
            'object' => is_string($fields['object']['const'] ?? null) ? $fields['object']['const'] : null,
            'item' => $isList ? preg_replace('/^list<(.+)>$/', '$1', $fields['data']['doc']) : null,
        ];
        return $name;
    }
}
