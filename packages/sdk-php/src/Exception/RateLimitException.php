<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 429: too many requests; the SDK has already retried as often as it was allowed to. */
class RateLimitException extends ApiException
{
    private ?int $retryAfter;

    /** @param array<string, mixed> $init as ApiException's, plus `retry_after` */
    public function __construct(array $init, ?\Throwable $previous = null)
    {
        $this->retryAfter = $init['retry_after'] ?? null;
        parent::__construct($init, $previous);
    }

    /** Seconds the server asked to wait (`Retry-After`), when it said. */
    public function getRetryAfter(): ?int
    {
        return $this->retryAfter;
    }
}
