<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** No answer within the `timeout` of each attempt, after the SDK's retries. */
class TimeoutException extends ConnectionException
{
    public function __construct(float $timeout, ?string $idempotencyKey = null, ?\Throwable $previous = null)
    {
        parent::__construct(
            sprintf('No answer within %s s', rtrim(rtrim(sprintf('%.3f', $timeout), '0'), '.')),
            $idempotencyKey,
            $previous,
            'timeout',
            'Bahi did not answer in time'
        );
    }
}
