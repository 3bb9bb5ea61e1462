<?php

declare(strict_types=1);

namespace Bahi;

use Bahi\Exception\InvalidArgumentException;
use Bahi\HttpClient\Response;

/**
 * An object of the API, as it answered: read its fields as properties (`$invoice->total`) or as array
 * keys (`$invoice['total']`). Amounts and quantities are decimal strings ("354.00" is not rounded to
 * a float), nested objects are models, lists are arrays of them. Fields the SDK does not know yet
 * (added to the API since) are kept and readable the same way. Objects are read-only.
 *
 * @implements \ArrayAccess<string, mixed>
 * @implements \IteratorAggregate<string, mixed>
 */
class BahiObject implements \ArrayAccess, \JsonSerializable, \IteratorAggregate
{
    /**
     * How to read each field that needs more than json_decode (generated): `decimal`, a model class,
     * `['list', spec]`, `['map', spec]` or `['union', [class, ...]]`.
     *
     * @var array<string, mixed>
     */
    protected const FIELDS = [];

    /** @var list<string> the fields every answer has (generated); used to tell the members of a union apart */
    protected const REQUIRED = [];

    /** The value of its `object` field (generated), when the schema fixes one. */
    protected const OBJECT = null;

    /** @var array<string, mixed> */
    private array $values;

    private ?Response $lastResponse = null;

    /** @param array<string, mixed> $values decoded JSON, already read as this class's fields */
    final protected function __construct(array $values)
    {
        $this->values = $values;
    }

    /**
     * Makes the model from decoded JSON (Bahi\Internal\Json::decode), converting each field as FIELDS
     * says: an amount sent as 354 becomes "354", nested objects become models.
     *
     * @param array<string, mixed> $values
     */
    public static function constructFrom(array $values): static
    {
        foreach (static::FIELDS as $name => $spec) {
            if (isset($values[$name])) {
                $values[$name] = self::convert($values[$name], $spec);
            }
        }
        return new static($values);
    }

    /** Reads one value by its field spec (see FIELDS). */
    public static function convert(mixed $value, mixed $spec): mixed
    {
        if ($value === null) {
            return null;
        }
        if ($spec === 'decimal') {
            return is_int($value) ? (string) $value : $value;
        }
        if (is_string($spec)) {
            /** @var class-string<BahiObject> $spec */
            return is_array($value) ? $spec::constructFrom($value) : $value;
        }
        if (!is_array($value)) {
            return $value;
        }
        [$kind, $inner] = $spec;
        if ($kind === 'union') {
            /** @var list<class-string<BahiObject>> $inner */
            return self::pick($inner, $value)::constructFrom($value);
        }
        // `list` and `map` alike: every element is read by the inner spec, keys kept.
        foreach ($value as $key => $item) {
            $value[$key] = self::convert($item, $inner);
        }
        return $value;
    }

    /**
     * The member of a union that a value is: the one whose `object` it names, else the first without a
     * fixed `object` whose required fields it all has, else the first without a fixed `object`. When
     * every member fixes its `object` and none matches (a kind added to the API since), a plain
     * BahiObject.
     *
     * @param list<class-string<BahiObject>> $classes
     * @param array<string, mixed> $value
     * @return class-string<BahiObject>
     */
    private static function pick(array $classes, array $value): string
    {
        $open = [];
        foreach ($classes as $class) {
            if ($class::OBJECT === null) {
                $open[] = $class;
            } elseif (($value['object'] ?? null) === $class::OBJECT) {
                return $class;
            }
        }
        foreach ($open as $class) {
            if (array_diff($class::REQUIRED, array_keys($value)) === []) {
                return $class;
            }
        }
        return $open[0] ?? self::class;
    }

    /**
     * The HTTP answer this object came in (status, headers such as `Idempotent-Replayed` and the
     * rate-limit state), for the object a call returned.
     */
    public function getLastResponse(): ?Response
    {
        return $this->lastResponse;
    }

    /** @internal */
    public function setLastResponse(Response $response): void
    {
        $this->lastResponse = $response;
    }

    public function __get(string $name): mixed
    {
        return $this->values[$name] ?? null;
    }

    public function __isset(string $name): bool
    {
        return isset($this->values[$name]);
    }

    public function __set(string $name, mixed $value): void
    {
        throw new InvalidArgumentException(sprintf('Bahi: %s is read-only (set %s)', static::class, $name));
    }

    public function __unset(string $name): void
    {
        throw new InvalidArgumentException(sprintf('Bahi: %s is read-only (unset %s)', static::class, $name));
    }

    public function offsetExists(mixed $offset): bool
    {
        return isset($this->values[$offset]);
    }

    public function offsetGet(mixed $offset): mixed
    {
        return $this->values[$offset] ?? null;
    }

    public function offsetSet(mixed $offset, mixed $value): void
    {
        $this->__set((string) $offset, $value);
    }

    public function offsetUnset(mixed $offset): void
    {
        $this->__unset((string) $offset);
    }

    /** @return \ArrayIterator<string, mixed> the fields and their values */
    public function getIterator(): \ArrayIterator
    {
        return new \ArrayIterator($this->values);
    }

    /** @return list<string> the names of the fields the answer had */
    public function keys(): array
    {
        return array_keys($this->values);
    }

    /**
     * The object as nested arrays, amounts still decimal strings: what to keep, compare or pass back
     * in a request (the SDK sends those strings as JSON numbers).
     *
     * @return array<string, mixed>
     */
    public function toArray(): array
    {
        return self::plain($this->values);
    }

    /** @return array<string, mixed> */
    public function jsonSerialize(): array
    {
        return $this->toArray();
    }

    /** @return array<string, mixed> */
    public function __debugInfo(): array
    {
        return $this->values;
    }

    /**
     * @param array<array-key, mixed> $values
     * @return array<array-key, mixed>
     */
    private static function plain(array $values): array
    {
        foreach ($values as $key => $value) {
            if ($value instanceof self) {
                $values[$key] = $value->toArray();
            } elseif (is_array($value)) {
                $values[$key] = self::plain($value);
            }
        }
        return $values;
    }
}
