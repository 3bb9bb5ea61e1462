<?php

declare(strict_types=1);

namespace Bahi;

use Bahi\Exception\InvalidArgumentException;
use Bahi\HttpClient\CurlTransport;
use Bahi\HttpClient\Transport;
use Bahi\Internal\ApiClient;
use Bahi\Internal\Requestor;

/**
 * What every Bahi client knows: the key, where Bahi is, and how patiently to call it. The generated
 * Bahi class adds a property per resource.
 */
abstract class BaseClient
{
    public const VERSION = '0.1.0';
    public const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

    private const OPTIONS = [
        'api_key',
        'access_token',
        'refresh_access_token',
        'base_url',
        'max_retries',
        'timeout',
        'connect_timeout',
        'transport',
        'sleep',
    ];

    /** Whether the key is a live one (`sk_live_…`), a test one (`sk_test_…`), or null when it does not say. */
    public readonly ?bool $livemode;

    private ApiClient $apiClient;
    private string $keyHint;

    /**
     * @param array{
     *     api_key?: string,
     *     access_token?: string,
     *     refresh_access_token?: callable(): string,
     *     base_url?: string,
     *     max_retries?: int,
     *     timeout?: float|int,
     *     connect_timeout?: float|int,
     *     transport?: Transport,
     *     sleep?: \Closure(float): void
     * } $options `api_key`: a secret key, `sk_test_…` or `sk_live_…`; or `access_token`: an OAuth access
     *     token (`bahi_at_…`) or a personal access token (`bahi_pat_…`), with `refresh_access_token`: a
     *     callable that returns a new access token, called when Bahi refuses the current one as
     *     `invalid_token` (the request is then sent once more);
     *     `base_url`: where the API is served, without `/v1` (default http://127.0.0.1:8080, a local Bahi);
     *     `max_retries`: how often a failed attempt is retried (default 2); `timeout`: seconds each attempt
     *     may take (default 30); `connect_timeout`: seconds to connect (default 10); `transport`: another
     *     HTTP transport; `sleep`: how to wait between attempts (for tests)
     */
    public function __construct(array $options)
    {
        foreach (array_keys($options) as $name) {
            if (!in_array($name, self::OPTIONS, true)) {
                throw new InvalidArgumentException(sprintf(
                    'Bahi: unknown option %s (use %s)',
                    $name,
                    implode(', ', self::OPTIONS)
                ));
            }
        }
        if (isset($options['api_key'], $options['access_token'])) {
            throw new InvalidArgumentException('Bahi: pass api_key or access_token, not both');
        }
        $apiKey = $options['access_token'] ?? $options['api_key'] ?? null;
        if (!is_string($apiKey) || trim($apiKey) === '') {
            throw new InvalidArgumentException(
                'Bahi: no api_key given (pass your secret key, sk_test_… or sk_live_…, or an access_token)'
            );
        }
        $refresh = $options['refresh_access_token'] ?? null;
        if ($refresh !== null && (!is_callable($refresh) || !isset($options['access_token']))) {
            throw new InvalidArgumentException(
                'Bahi: refresh_access_token is a callable that renews an access_token; an API key is not refreshed'
            );
        }
        $baseUrl = rtrim($options['base_url'] ?? self::DEFAULT_BASE_URL, '/');
        if (preg_match('~^https?://[^/]~i', $baseUrl) !== 1) {
            throw new InvalidArgumentException("Bahi: base_url must be an http or https URL, not $baseUrl");
        }
        $maxRetries = $options['max_retries'] ?? 2;
        if (!is_int($maxRetries) || $maxRetries < 0) {
            throw new InvalidArgumentException('Bahi: max_retries must be an int of 0 or more');
        }
        $timeout = $options['timeout'] ?? 30;
        $connectTimeout = $options['connect_timeout'] ?? 10;
        if (!is_numeric($timeout) || $timeout <= 0 || !is_numeric($connectTimeout) || $connectTimeout <= 0) {
            throw new InvalidArgumentException('Bahi: timeout and connect_timeout are seconds, more than 0');
        }
        $this->livemode = match (true) {
            str_starts_with($apiKey, 'sk_live_') => true,
            str_starts_with($apiKey, 'sk_test_') => false,
            default => null, // an OAuth or personal access token does not say
        };
        $this->keyHint = strlen($apiKey) >= 24 ? substr($apiKey, 0, 8) . '…' . substr($apiKey, -4) : '…';
        $transport = $options['transport'] ?? new CurlTransport((float) $connectTimeout);
        $requestor = new Requestor($transport, $maxRetries, (float) $timeout, $options['sleep'] ?? null);
        $this->apiClient = new ApiClient(
            $apiKey,
            $baseUrl,
            sprintf('bahi-php/%s (PHP %s)', self::VERSION, PHP_VERSION),
            $requestor,
            $refresh === null ? null : \Closure::fromCallable($refresh)
        );
    }

    /** @internal for the generated services */
    protected function apiClient(): ApiClient
    {
        return $this->apiClient;
    }

    /** @return array<string, mixed> the client without its key, which must never reach a log */
    public function __debugInfo(): array
    {
        return ['api_key' => $this->keyHint, 'livemode' => $this->livemode];
    }
}
