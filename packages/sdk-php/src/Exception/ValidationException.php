<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 400 (the request does not match the contract) or 422 (a business rule says no). */
class ValidationException extends ApiException
{
}
