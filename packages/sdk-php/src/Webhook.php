<?php

declare(strict_types=1);

namespace Bahi;

use Bahi\Exception\WebhookVerificationException;
use Bahi\Internal\Json;
use Bahi\Model\Event;

/**
 * Webhook signatures (Standard Webhooks): Bahi signs `{webhook-id}.{webhook-timestamp}.{raw body}` with
 * HMAC-SHA256 under the webhook's secret and sends `v1,<base64>` in `webhook-signature`.
 *
 * ```php
 * $event = \Bahi\Webhook::constructEvent(file_get_contents('php://input'), getallheaders(), $secret);
 * ```
 */
final class Webhook
{
    public const DEFAULT_TOLERANCE = 300;
    private const SECRET_PREFIX = 'whsec_';

    /**
     * Verifies a delivery and returns its event. Pass the raw body exactly as received: parsed and
     * re-encoded JSON no longer matches the signature. During a secret rotation a delivery carries
     * several signatures; one match is enough.
     *
     * @param array<string, string|list<string>> $headers the request's headers, any case (getallheaders(),
     *     a PSR-7 getHeaders(), or $_SERVER with its HTTP_WEBHOOK_ID keys)
     * @param int $tolerance seconds the `webhook-timestamp` may be away from now, either way
     * @param int|null $now the current Unix time (for tests); default time()
     * @throws WebhookVerificationException for a missing header, a timestamp outside the tolerance, no
     *     matching signature, a malformed secret or a signed body that is not a JSON object
     */
    public static function constructEvent(
        string $payload,
        array $headers,
        string $secret,
        int $tolerance = self::DEFAULT_TOLERANCE,
        ?int $now = null
    ): Event {
        self::verify($payload, $headers, $secret, $tolerance, $now);
        try {
            $event = Json::decode($payload);
        } catch (\UnexpectedValueException $e) {
            throw new WebhookVerificationException('Bahi: the signed body is not JSON: not a Bahi event', 0, $e);
        }
        if (!is_array($event) || array_is_list($event)) {
            throw new WebhookVerificationException('Bahi: the signed body is not a JSON object: not a Bahi event');
        }
        return Event::constructFrom($event);
    }

    /**
     * Checks a delivery's signature and timestamp without reading the body.
     *
     * @param array<string, string|list<string>> $headers
     * @throws WebhookVerificationException
     */
    public static function verify(
        string $payload,
        array $headers,
        string $secret,
        int $tolerance = self::DEFAULT_TOLERANCE,
        ?int $now = null
    ): void {
        $id = self::header($headers, 'webhook-id');
        $timestamp = self::header($headers, 'webhook-timestamp');
        $signatures = self::header($headers, 'webhook-signature');
        if ($id === null || $timestamp === null || $signatures === null) {
            throw new WebhookVerificationException(
                'Bahi: missing webhook-id, webhook-timestamp or webhook-signature header: not a Bahi delivery'
            );
        }
        if (preg_match('/^\d{1,15}$/D', $timestamp) !== 1) {
            throw new WebhookVerificationException("Bahi: webhook-timestamp \"$timestamp\" is not Unix seconds");
        }
        $skew = ($now ?? time()) - (int) $timestamp;
        if (abs($skew) > $tolerance) {
            throw new WebhookVerificationException(sprintf(
                'Bahi: webhook-timestamp is %d s %s, more than the %d s tolerated',
                abs($skew),
                $skew > 0 ? 'old' : 'ahead',
                $tolerance
            ));
        }
        $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", self::key($secret), true));
        foreach (explode(' ', $signatures) as $signature) {
            [$version, $value] = array_pad(explode(',', $signature, 2), 2, '');
            // hash_equals takes the same time wherever the strings differ, so timing reveals nothing.
            if ($version === 'v1' && hash_equals($expected, $value)) {
                return;
            }
        }
        throw new WebhookVerificationException('Bahi: no webhook-signature matches the body and the secret');
    }

    /**
     * Signs a body as Bahi does, for testing your webhook endpoint.
     *
     * @return array{webhook-id: string, webhook-timestamp: string, webhook-signature: string}
     */
    public static function sign(string $payload, string $secret, string $id, ?int $timestamp = null): array
    {
        $timestamp = (string) ($timestamp ?? time());
        $mac = hash_hmac('sha256', "$id.$timestamp.$payload", self::key($secret), true);
        return [
            'webhook-id' => $id,
            'webhook-timestamp' => $timestamp,
            'webhook-signature' => 'v1,' . base64_encode($mac),
        ];
    }

    private static function key(string $secret): string
    {
        if (str_starts_with($secret, self::SECRET_PREFIX)) {
            $secret = substr($secret, strlen(self::SECRET_PREFIX));
        }
        $key = base64_decode($secret, true);
        if ($key === false) {
            throw new WebhookVerificationException('Bahi: the webhook secret is not `whsec_` followed by base64');
        }
        if ($key === '') {
            throw new WebhookVerificationException('Bahi: the webhook secret has no key after `whsec_`');
        }
        return $key;
    }

    /** @param array<string, string|list<string>> $headers */
    private static function header(array $headers, string $name): ?string
    {
        $server = 'HTTP_' . strtoupper(str_replace('-', '_', $name));
        foreach ($headers as $key => $value) {
            if (strcasecmp((string) $key, $name) === 0 || $key === $server) {
                $value = is_array($value) ? implode(' ', $value) : $value;
                return is_string($value) && $value !== '' ? $value : null;
            }
        }
        return null;
    }
}
