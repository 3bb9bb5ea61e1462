<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 401: the API key is missing, malformed, unknown, revoked or expired. */
class AuthenticationException extends ApiException
{
}
