<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 403: the key lacks the scope the operation needs. */
class PermissionException extends ApiException
{
}
