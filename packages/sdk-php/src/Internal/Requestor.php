<?php

declare(strict_types=1);

namespace Bahi\Internal;

use Bahi\Exception\ConnectionException;
use Bahi\Exception\TimeoutException;
use Bahi\HttpClient\Request;
use Bahi\HttpClient\Response;
use Bahi\HttpClient\Transport;
use Bahi\HttpClient\TransportException;

/**
 * Sends a request and retries it as far as is safe: network errors, timeouts, 429, 5xx and 409
 * `idempotency_request_in_progress`, waiting with full-jitter exponential backoff or as `Retry-After`
 * says. The request object is sent unchanged each time, so a POST keeps its one Idempotency-Key and a
 * retried create is replayed by the server instead of done twice.
 *
 * @internal
 */
final class Requestor
{
    public const BACKOFF_BASE = 0.5;
    public const BACKOFF_CAP = 8.0;
    /** A longer `Retry-After` is not slept through: the caller gets the RateLimitException and decides. */
    public const MAX_RETRY_AFTER = 60;

    /**
     * Methods whose failed attempt may be sent again whatever became of it: a GET only reads, every POST
     * carries an Idempotency-Key, and the contract's PATCHes set fields to values. A DELETE is sent
     * again only when it certainly never reached the server (a repeat after it worked answers 404).
     */
    private const REPEATABLE_METHODS = ['GET', 'HEAD', 'POST', 'PATCH'];

    /** @var \Closure(float): void */
    private \Closure $sleep;

    /**
     * @param \Closure(float): void|null $sleep waits that many seconds (tests pass one that records)
     */
    public function __construct(
        private readonly Transport $transport,
        private readonly int $maxRetries,
        private readonly float $timeout,
        ?\Closure $sleep = null,
    ) {
        $this->sleep = $sleep ?? static function (float $seconds): void {
            usleep((int) round($seconds * 1_000_000));
        };
    }

    /**
     * @param array{timeout?: float|int, max_retries?: int} $opts
     * @throws ConnectionException when no answer arrived after the retries allowed
     */
    public function send(Request $request, array $opts = []): Response
    {
        $maxRetries = $opts['max_retries'] ?? $this->maxRetries;
        $timeout = (float) ($opts['timeout'] ?? $this->timeout);
        $repeatable = in_array($request->method, self::REPEATABLE_METHODS, true);
        $idempotencyKey = $request->header('Idempotency-Key');
        for ($retry = 0;; $retry++) {
            try {
                $response = $this->transport->send($request, $timeout);
            } catch (TransportException $e) {
                if ($retry >= $maxRetries || (!$repeatable && !$e->notSent)) {
                    throw $e->timedOut
                        ? new TimeoutException($timeout, $idempotencyKey, $e)
                        : new ConnectionException($e->getMessage(), $idempotencyKey, $e);
                }
                ($this->sleep)(self::backoff($retry));
                continue;
            }
            $wait = self::retryWait($response, $retry, $repeatable);
            if ($wait === null || $retry >= $maxRetries) {
                return $response;
            }
            ($this->sleep)($wait);
        }
    }

    /**
     * The wait before retry n (from 0): "full jitter", uniform in [0, min(cap, base * 2^n)), so that
     * clients failing together do not retry together.
     */
    public static function backoff(int $retry): float
    {
        $ceiling = min(self::BACKOFF_CAP, self::BACKOFF_BASE * 2 ** $retry);
        return $ceiling * (random_int(0, PHP_INT_MAX - 1) / PHP_INT_MAX);
    }

    /**
     * Seconds to wait before retrying this answer, or null when it is final. A 429 is refused before
     * anything is done, so it is retried whatever the method; a 5xx may come after the work was done.
     */
    private static function retryWait(Response $response, int $retry, bool $repeatable): ?float
    {
        $status = $response->status;
        $retryable = $status === 429 || ($repeatable && (
            $status >= 500
            || ($status === 409 && self::problemCode($response) === 'idempotency_request_in_progress')
        ));
        if (!$retryable) {
            return null;
        }
        $retryAfter = self::retryAfterSeconds($response->header('Retry-After'));
        if ($retryAfter === null) {
            return self::backoff($retry);
        }
        return $retryAfter <= self::MAX_RETRY_AFTER ? (float) $retryAfter : null;
    }

    /** `Retry-After` as seconds from now: either delay-seconds or an HTTP date. */
    public static function retryAfterSeconds(?string $value, ?int $now = null): ?int
    {
        if ($value === null) {
            return null;
        }
        $value = trim($value);
        if (preg_match('/^\d+$/D', $value) === 1) {
            return (int) $value;
        }
        $at = \DateTimeImmutable::createFromFormat('D, d M Y H:i:s \G\M\T', $value, new \DateTimeZone('UTC'));
        if ($at === false) {
            return null;
        }
        return max(0, $at->getTimestamp() - ($now ?? time()));
    }

    private static function problemCode(Response $response): ?string
    {
        try {
            $problem = Json::decode($response->body);
        } catch (\UnexpectedValueException) {
            return null;
        }
        return is_array($problem) && is_string($problem['code'] ?? null) ? $problem['code'] : null;
    }
}
