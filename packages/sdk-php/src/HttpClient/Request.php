<?php

declare(strict_types=1);

namespace Bahi\HttpClient;

/** One HTTP request as a transport sends it; the SDK builds it once and sends it again on a retry. */
final class Request
{
    /**
     * @param array<string, string> $headers names as the SDK writes them (`Idempotency-Key`)
     */
    public function __construct(
        public readonly string $method,
        public readonly string $url,
        public readonly array $headers,
        public readonly ?string $body = null,
    ) {
    }

    /** A header's value, its name matched without regard to case. */
    public function header(string $name): ?string
    {
        foreach ($this->headers as $key => $value) {
            if (strcasecmp($key, $name) === 0) {
                return $value;
            }
        }
        return null;
    }

    /** @return array<string, mixed> the request without its Authorization header, for dumps and logs */
    public function __debugInfo(): array
    {
        $headers = $this->headers;
        foreach (array_keys($headers) as $key) {
            if (strcasecmp($key, 'Authorization') === 0) {
                $headers[$key] = '[redacted]';
            }
        }
        return ['method' => $this->method, 'url' => $this->url, 'headers' => $headers, 'body' => $this->body];
    }
}
