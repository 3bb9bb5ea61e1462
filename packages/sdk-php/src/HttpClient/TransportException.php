<?php

declare(strict_types=1);

namespace Bahi\HttpClient;

/** No answer arrived. The SDK turns it into a ConnectionException or TimeoutException after retrying. */
class TransportException extends \RuntimeException
{
    /**
     * @param bool $timedOut the attempt ran out of time
     * @param bool $notSent the request certainly never reached the server (no connection was made),
     *                      so even a request that is not safe to repeat may be sent again
     */
    public function __construct(
        string $message,
        public readonly bool $timedOut = false,
        public readonly bool $notSent = false,
        ?\Throwable $previous = null,
    ) {
        parent::__construct($message, 0, $previous);
    }
}
