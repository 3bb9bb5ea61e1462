<?php

declare(strict_types=1);

namespace Bahi\Tests\Support;

use Bahi\HttpClient\Request;
use Bahi\HttpClient\Response;
use Bahi\HttpClient\Transport;

/** A transport that answers from a queue and records every request it was given. */
final class MockTransport implements Transport
{
    /** @var list<Request> */
    public array $requests = [];

    /** @var list<float> the timeout of each attempt */
    public array $timeouts = [];

    /** @var list<Response|\Throwable|\Closure(Request): Response> */
    private array $queue = [];

    public function queue(Response|\Throwable|\Closure ...$answers): self
    {
        array_push($this->queue, ...$answers);
        return $this;
    }

    public function send(Request $request, float $timeout): Response
    {
        $this->requests[] = $request;
        $this->timeouts[] = $timeout;
        $next = array_shift($this->queue)
            ?? throw new \LogicException("no answer queued for {$request->method} {$request->url}");
        if ($next instanceof \Throwable) {
            throw $next;
        }
        return $next instanceof \Closure ? $next($request) : $next;
    }

    /** @param array<string, string> $headers */
    public static function json(int $status, string|array $body, array $headers = []): Response
    {
        return new Response(
            $status,
            $headers + ['Content-Type' => 'application/json'],
            is_string($body) ? $body : json_encode($body, JSON_THROW_ON_ERROR)
        );
    }

    /**
     * @param array<string, mixed> $extra
     * @param array<string, string> $headers
     */
    public static function problem(int $status, string $code, array $extra = [], array $headers = []): Response
    {
        $body = $extra + [
            'type' => "urn:bahi:problem:$code",
            'title' => "Problem $code",
            'status' => $status,
            'code' => $code,
            'request_id' => 'req_test',
        ];
        return new Response(
            $status,
            $headers + ['Content-Type' => 'application/problem+json'],
            json_encode($body, JSON_THROW_ON_ERROR)
        );
    }

    public function lastRequest(): Request
    {
        return $this->requests[count($this->requests) - 1] ?? throw new \LogicException('no request was sent');
    }
}
