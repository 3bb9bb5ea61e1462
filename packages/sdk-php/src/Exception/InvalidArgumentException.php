<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** A call that the SDK cannot send as given (no API key, a float amount, a file it cannot read). */
class InvalidArgumentException extends \InvalidArgumentException implements BahiException
{
}
