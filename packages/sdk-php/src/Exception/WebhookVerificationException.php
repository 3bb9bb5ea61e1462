<?php

declare(strict_types=1);

namespace Bahi\Exception;

/**
 * A webhook delivery that is not provably from Bahi, or not recent: answer it with 400 and do not
 * act on it.
 */
class WebhookVerificationException extends \UnexpectedValueException implements BahiException
{
}
