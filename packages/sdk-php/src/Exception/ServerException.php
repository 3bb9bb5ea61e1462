<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 5xx: Bahi failed; the SDK has already retried as often as it was allowed to. */
class ServerException extends ApiException
{
}
