<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** A successful answer whose body the SDK cannot read (not JSON, when JSON was promised). */
class UnexpectedValueException extends \UnexpectedValueException implements BahiException
{
}
