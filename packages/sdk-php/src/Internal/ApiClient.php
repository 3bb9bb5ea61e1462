<?php

declare(strict_types=1);

namespace Bahi\Internal;

use Bahi\BahiObject;
use Bahi\Collection;
use Bahi\Exception\ApiException;
use Bahi\Exception\InvalidArgumentException;
use Bahi\Exception\UnexpectedValueException;
use Bahi\HttpClient\Request;
use Bahi\HttpClient\Response;

/**
 * Runs one operation of the contract from its entry in the generated Operations table: builds the
 * path, query or body, sends it through the Requestor, and returns the answer as models or throws the
 * exception of its status. Every generated service method is one call of this.
 *
 * @internal
 */
final class ApiClient
{
    private const OPTS = ['idempotency_key', 'timeout', 'max_retries'];

    /**
     * The key or token, held in a closure: var_export(), print_r() and serialize() of a client then
     * cannot reveal it. Called with a string, it keeps that as the token from then on.
     *
     * @var \Closure(?string=): string
     */
    private readonly \Closure $token;

    /**
     * @param (\Closure(): string)|null $refreshAccessToken gets a new access token when Bahi refuses
     *     the current one as `invalid_token`
     */
    public function __construct(
        string $apiKey,
        private readonly string $baseUrl,
        private readonly string $userAgent,
        private readonly Requestor $requestor,
        private readonly ?\Closure $refreshAccessToken = null,
    ) {
        $this->token = static function (?string $renewed = null) use (&$apiKey): string {
            if ($renewed !== null) {
                $apiKey = $renewed;
            }
            return $apiKey;
        };
    }

    /**
     * @param array<string, string> $pathParams
     * @param array<string, mixed>|null $params the query (GET, DELETE) or the body (POST, PATCH)
     * @param array<string, mixed> $opts `idempotency_key`, `timeout` (seconds), `max_retries`
     * @throws ApiException
     */
    public function call(string $operationId, array $pathParams, ?array $params, array $opts): mixed
    {
        $op = Operations::ALL[$operationId] ?? throw new InvalidArgumentException("Bahi: no operation $operationId");
        self::checkOpts($opts);
        $url = $this->baseUrl . preg_replace_callback(
            '/\{(\w+)\}/',
            static function (array $m) use ($pathParams, $operationId): string {
                $value = $pathParams[$m[1]] ?? '';
                // An empty id would turn `/v1/invoices/{id}` into the list of invoices.
                if ($value === '') {
                    throw new InvalidArgumentException("Bahi: $operationId needs a non-empty {$m[1]}");
                }
                return rawurlencode($value);
            },
            $op['path']
        );
        $headers = [
            'Authorization' => 'Bearer ' . ($this->token)(),
            'User-Agent' => $this->userAgent,
            'Accept' => $op['accept'],
        ];
        $body = null;
        $params ??= [];
        if ($op['body'] === null) {
            $query = Query::encode($params);
            $url .= $query === '' ? '' : '?' . $query;
        } elseif ($params !== [] || $op['body_required']) {
            if ($op['body'] === 'multipart') {
                [$body, $headers['Content-Type']] = Multipart::encode($params);
            } else {
                $body = Json::encode($params, $op['numbers']);
                $headers['Content-Type'] = 'application/json';
            }
        }
        if ($op['method'] === 'POST') {
            $key = $opts['idempotency_key'] ?? self::newIdempotencyKey();
            if (!is_string($key) || $key === '') {
                throw new InvalidArgumentException('Bahi: idempotency_key must be a non-empty string');
            }
            $headers['Idempotency-Key'] = $key;
        }
        $response = $this->requestor->send(new Request($op['method'], $url, $headers, $body), $opts);
        if ($this->refreshAccessToken !== null && self::refusesToken($response)) {
            // Once per call, under the same Idempotency-Key: refused again, the 401 is the caller's.
            $headers['Authorization'] = 'Bearer ' . $this->renew(substr($headers['Authorization'], 7));
            $response = $this->requestor->send(new Request($op['method'], $url, $headers, $body), $opts);
        }
        if ($response->status < 200 || $response->status >= 300) {
            throw ErrorFactory::fromResponse($response, $headers['Idempotency-Key'] ?? null);
        }
        $result = $this->read($op['result'], $response);
        if ($result instanceof Collection) {
            $result->setNextPageFetcher(fn (string $cursor): mixed => $this->call(
                $operationId,
                $pathParams,
                ['starting_after' => $cursor] + $params,
                $opts
            ));
        }
        return $result;
    }

    /** RFC 6750's refusal of an expired, revoked or unknown bearer token (not of a missing scope). */
    private static function refusesToken(Response $response): bool
    {
        return $response->status === 401 && preg_match(
            '/^\s*Bearer\b.*\berror\s*=\s*"?invalid_token"?/i',
            $response->header('WWW-Authenticate') ?? ''
        ) === 1;
    }

    /** The token to send instead of the refused one: a newer one already got, else the callback's. */
    private function renew(string $refused): string
    {
        if (($this->token)() !== $refused || $this->refreshAccessToken === null) {
            return ($this->token)();
        }
        $renewed = ($this->refreshAccessToken)();
        if (!is_string($renewed) || trim($renewed) === '') {
            throw new UnexpectedValueException('Bahi: refresh_access_token gave no access token');
        }
        return ($this->token)($renewed);
    }

    /** @param array<string, mixed> $opts */
    private static function checkOpts(array $opts): void
    {
        foreach (array_keys($opts) as $name) {
            if (!in_array($name, self::OPTS, true)) {
                throw new InvalidArgumentException(sprintf(
                    'Bahi: unknown request option %s (use %s)',
                    $name,
                    implode(', ', self::OPTS)
                ));
            }
        }
        if (isset($opts['max_retries']) && (!is_int($opts['max_retries']) || $opts['max_retries'] < 0)) {
            throw new InvalidArgumentException('Bahi: max_retries must be an int of 0 or more');
        }
        $timeout = $opts['timeout'] ?? 1;
        if ((!is_int($timeout) && !is_float($timeout)) || $timeout <= 0) {
            throw new InvalidArgumentException('Bahi: timeout is seconds, more than 0');
        }
    }

    private function read(mixed $spec, Response $response): mixed
    {
        if ($spec === 'text') {
            return $response->body;
        }
        if ($spec === null || $response->status === 204) {
            return null;
        }
        $value = Json::decode($response->body);
        if (!is_array($value)) {
            throw new UnexpectedValueException('Bahi: the answer is not a JSON object');
        }
        $result = BahiObject::convert($value, $spec);
        if ($result instanceof BahiObject) {
            $result->setLastResponse($response);
        }
        return $result;
    }

    /** A random UUID v4: the key that makes a POST safe to send again. */
    public static function newIdempotencyKey(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }

    /** @return array<string, mixed> without the API key, for dumps and logs */
    public function __debugInfo(): array
    {
        return ['baseUrl' => $this->baseUrl, 'userAgent' => $this->userAgent];
    }
}
