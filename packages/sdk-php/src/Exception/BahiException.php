<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** Every exception the SDK throws implements this: `catch (BahiException $e)` catches them all. */
interface BahiException extends \Throwable
{
}
