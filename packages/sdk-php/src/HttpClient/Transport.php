<?php

declare(strict_types=1);

namespace Bahi\HttpClient;

/**
 * Sends one request and returns its answer, whatever the status. Retries, idempotency keys and errors
 * are the SDK's business, not the transport's: pass your own (a test double, a proxy-aware client) as
 * the `transport` option.
 */
interface Transport
{
    /**
     * @param float $timeout seconds the whole attempt (connecting, sending, reading the body) may take
     * @throws TransportException when no answer arrived
     */
    public function send(Request $request, float $timeout): Response;
}
