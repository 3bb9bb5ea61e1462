<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 409: a conflict with the current state, e.g. paying a cancelled invoice. */
class ConflictException extends ApiException
{
}
