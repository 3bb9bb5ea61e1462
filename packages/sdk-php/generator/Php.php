<?php

declare(strict_types=1);

namespace Bahi\Generator;

/** Writing PHP source: values as literals, names, and doc comments wrapped to PSR-12's 120 columns. */
final class Php
{
    public const WIDTH = 120;

    /**
     * A value as a PHP literal in short array syntax, indented by `$indent` spaces; an array whose
     * one-line form fits from `$column` on (and holds no array) stays on one line when `$inline` allows.
     */
    public static function export(mixed $value, int $indent = 0, bool $inline = true, ?int $column = null): string
    {
        $column ??= $indent;
        if ($value instanceof Code) {
            return $value->source;
        }
        if (is_string($value)) {
            return "'" . str_replace(['\\', "'"], ['\\\\', "\\'"], $value) . "'";
        }
        if ($value === null) {
            return 'null';
        }
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        if (is_int($value)) {
            return (string) $value;
        }
        if (!is_array($value)) {
            throw new \RuntimeException('cannot export ' . get_debug_type($value));
        }
        if ($value === []) {
            return '[]';
        }
        $list = array_is_list($value);
        $parts = [];
        foreach ($value as $key => $item) {
            $parts[] = [$list ? '' : self::export((string) $key) . ' => ', $item];
        }
        $flat = true;
        foreach ($value as $item) {
            $flat = $flat && !(is_array($item) && $item !== []);
        }
        if ($inline && $flat) {
            $line = '[' . implode(', ', array_map(
                static fn (array $p): string => $p[0] . self::export($p[1]),
                $parts
            )) . ']';
            if ($column + strlen($line) + 2 <= self::WIDTH && !str_contains($line, "\n")) {
                return $line;
            }
        }
        $pad = str_repeat(' ', $indent + 4);
        $lines = [];
        foreach ($parts as [$prefix, $item]) {
            $lines[] = $pad . $prefix . self::export($item, $indent + 4, $inline, $indent + 4 + strlen($prefix)) . ',';
        }
        return "[\n" . implode("\n", $lines) . "\n" . str_repeat(' ', $indent) . ']';
    }

    /** `snake_case`, `kebab-case` or `Title words` as PascalCase: `doc_det` is `DocDet`. */
    public static function pascal(string $name): string
    {
        $words = preg_split('/[^A-Za-z0-9]+/', $name, -1, PREG_SPLIT_NO_EMPTY) ?: [];
        return implode('', array_map(static fn (string $w): string => ucfirst($w), $words));
    }

    public static function camel(string $name): string
    {
        return lcfirst(self::pascal($name));
    }

    public static function singular(string $word): string
    {
        if (str_ends_with($word, 'ies')) {
            return substr($word, 0, -3) . 'y';
        }
        return str_ends_with($word, 's') && !str_ends_with($word, 'ss') ? substr($word, 0, -1) : $word;
    }

    public static function plural(string $word): string
    {
        if (preg_match('/[^aeiou]y$/', $word) === 1) {
            return substr($word, 0, -1) . 'ies';
        }
        return str_ends_with($word, 's') ? $word : $word . 's';
    }

    /**
     * A doc comment from paragraphs of text and tag lines. Text is wrapped to the width; a line that
     * starts a list item or follows a line break in the source keeps its place.
     *
     * @param list<string> $lines text (may hold newlines) and `@tag …` lines; '' is a blank line
     */
    public static function docComment(array $lines, int $indent): string
    {
        $pad = str_repeat(' ', $indent);
        $width = self::WIDTH - $indent - 3;
        $out = [];
        foreach ($lines as $line) {
            if ($line === '') {
                $out[] = '';
                continue;
            }
            $continuation = str_starts_with($line, '@') ? '    ' : '';
            foreach (explode("\n", rtrim(str_replace('*/', '*\/', $line))) as $sourceLine) {
                // A list item's wrapped lines line up under its text.
                $item = preg_match('/^(\s*[-*] |\s*\d+\. )/', $sourceLine, $m) === 1;
                $itemIndent = $item ? str_repeat(' ', strlen($m[1])) : '';
                foreach (self::wrap($sourceLine, $width, $continuation . $itemIndent) as $wrapped) {
                    $out[] = $wrapped;
                }
            }
        }
        while ($out !== [] && end($out) === '') {
            array_pop($out);
        }
        $body = array_map(static fn (string $l): string => $l === '' ? "$pad *" : "$pad * $l", $out);
        return "$pad/**\n" . implode("\n", $body) . "\n$pad */";
    }

    /**
     * Words wrapped to the width; the line's own indentation is kept, and `$continuation` more starts
     * every line after the first.
     *
     * @return list<string>
     */
    public static function wrap(string $text, int $width, string $continuation = ''): array
    {
        $indent = substr($text, 0, strspn($text, ' '));
        $lines = [];
        $current = '';
        foreach (preg_split('/ +/', trim($text)) ?: [] as $word) {
            if ($current !== '' && strlen($current) + 1 + strlen($word) > $width) {
                $lines[] = $current;
                $current = '';
            }
            if ($current === '') {
                $current = $indent . ($lines === [] ? '' : $continuation) . $word;
            } else {
                $current .= ' ' . $word;
            }
        }
        $lines[] = $current;
        return $lines;
    }

    /** The first sentence of a description, on one line. */
    public static function firstSentence(?string $text): string
    {
        // The first paragraph, before any list: a sentence ending in `:` then stands for the list.
        $text = preg_split('/\n\s*\n|\n\s*- /', trim((string) $text))[0];
        $text = trim(preg_replace('/\s+/', ' ', $text) ?? '');
        if (preg_match('/^(.+?\.)(?=\s+[A-Z`(]|$)/', $text, $m) === 1) {
            return $m[1];
        }
        return $text;
    }
}
