<?php

declare(strict_types=1);

namespace Bahi\Generator;

/** PHP source written as it is by Php::export(), e.g. `Invoice::class`. */
final class Code
{
    public function __construct(public readonly string $source)
    {
    }
}
