<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** No answer: the network failed, after the SDK's retries. */
class ConnectionException extends ApiException
{
    public function __construct(
        string $detail,
        ?string $idempotencyKey = null,
        ?\Throwable $previous = null,
        string $code = 'connection_error',
        string $title = 'Could not reach Bahi'
    ) {
        parent::__construct(
            ['code' => $code, 'title' => $title, 'detail' => $detail, 'idempotency_key' => $idempotencyKey],
            $previous
        );
    }
}
