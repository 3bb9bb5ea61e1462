<?php

declare(strict_types=1);

namespace Bahi\Internal;

use Bahi\Exception\ApiException;
use Bahi\Exception\AuthenticationException;
use Bahi\Exception\ConflictException;
use Bahi\Exception\NotFoundException;
use Bahi\Exception\PaymentRequiredException;
use Bahi\Exception\PermissionException;
use Bahi\Exception\RateLimitException;
use Bahi\Exception\ServerException;
use Bahi\Exception\ValidationException;
use Bahi\HttpClient\Response;
use Bahi\Model\FieldError;
use Bahi\Model\Problem;

/**
 * The exception for an error answer: its class from the status, its fields from the problem+json body.
 *
 * @internal
 */
final class ErrorFactory
{
    private const CLASSES = [
        400 => ValidationException::class,
        401 => AuthenticationException::class,
        402 => PaymentRequiredException::class,
        403 => PermissionException::class,
        404 => NotFoundException::class,
        409 => ConflictException::class,
        422 => ValidationException::class,
        429 => RateLimitException::class,
    ];

    public static function fromResponse(Response $response, ?string $idempotencyKey): ApiException
    {
        $status = $response->status;
        try {
            $body = Json::decode($response->body);
        } catch (\UnexpectedValueException) {
            $body = null;
        }
        $fields = is_array($body) && !array_is_list($body) ? $body : [];
        $string = static fn (string $name): ?string => is_string($fields[$name] ?? null) ? $fields[$name] : null;
        // Only an answer that says it is a problem is typed as one: a proxy's JSON error is not.
        $isProblem = $fields !== []
            && preg_match('~^application/problem\+json\s*(;|$)~i', $response->header('Content-Type') ?? '') === 1;
        $problem = $isProblem ? Problem::constructFrom($fields) : null;
        $errors = [];
        foreach (is_array($fields['errors'] ?? null) ? $fields['errors'] : [] as $error) {
            if (is_array($error)) {
                $errors[] = FieldError::constructFrom($error);
            }
        }
        $text = trim($response->body);
        $init = [
            'status' => $status,
            'code' => $string('code') ?? 'http_' . $status,
            'title' => $string('title') ?? 'HTTP ' . $status,
            // A body that is not a problem (a proxy's error page) is still the best account of what happened.
            'detail' => $string('detail') ?? ($fields === [] && $text !== '' ? substr($text, 0, 500) : null),
            'request_id' => $string('request_id') ?? $response->header('X-Request-Id'),
            'errors' => $errors,
            'type' => $string('type'),
            'existing_id' => $string('existing_id'),
            'problem' => $problem,
            'idempotency_key' => $idempotencyKey,
            'headers' => $response->headers,
        ];
        if ($status === 429) {
            $init['retry_after'] = Requestor::retryAfterSeconds($response->header('Retry-After'));
        }
        $class = self::CLASSES[$status] ?? ($status >= 500 ? ServerException::class : ApiException::class);
        return new $class($init);
    }
}
