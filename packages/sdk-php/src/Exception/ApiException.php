<?php

declare(strict_types=1);

namespace Bahi\Exception;

use Bahi\Model\FieldError;
use Bahi\Model\Problem;

/**
 * A call to the API that failed. An error answer (`application/problem+json`) becomes the subclass of
 * its status; ConnectionException and TimeoutException, which never got an answer, have no status.
 */
class ApiException extends \RuntimeException implements BahiException
{
    private ?int $status;
    private string $errorCode;
    private string $title;
    private ?string $detail;
    private ?string $requestId;
    /** @var list<FieldError> */
    private array $errors;
    private ?string $type;
    private ?string $existingId;
    private ?Problem $problem;
    private ?string $idempotencyKey;
    /** @var array<string, string> */
    private array $headers;

    /**
     * @param array{
     *     status?: ?int, code: string, title: string, detail?: ?string, request_id?: ?string,
     *     errors?: list<FieldError>, type?: ?string, existing_id?: ?string, problem?: ?Problem,
     *     idempotency_key?: ?string, headers?: array<string, string>
     * } $init
     */
    public function __construct(array $init, ?\Throwable $previous = null)
    {
        $this->status = $init['status'] ?? null;
        $this->errorCode = $init['code'];
        $this->title = $init['title'];
        $this->detail = $init['detail'] ?? null;
        $this->requestId = $init['request_id'] ?? null;
        $this->errors = $init['errors'] ?? [];
        $this->type = $init['type'] ?? null;
        $this->existingId = $init['existing_id'] ?? null;
        $this->problem = $init['problem'] ?? null;
        $this->idempotencyKey = $init['idempotency_key'] ?? null;
        $this->headers = $init['headers'] ?? [];
        $where = implode(' ', array_filter(
            [$this->status, $this->errorCode, $this->requestId],
            static fn ($part) => $part !== null
        ));
        parent::__construct(($this->detail ?? $this->title) . ' (' . $where . ')', 0, $previous);
    }

    /** The HTTP status, or null when no answer arrived. */
    public function getStatus(): ?int
    {
        return $this->status;
    }

    /** The stable machine-readable code, e.g. `validation_failed`, `rate_limited`, `unknown_sku`. */
    public function getErrorCode(): string
    {
        return $this->errorCode;
    }

    /** A short summary of the kind of problem, for people. */
    public function getTitle(): string
    {
        return $this->title;
    }

    /** What went wrong with this particular request, for people. */
    public function getDetail(): ?string
    {
        return $this->detail;
    }

    /** The request's id (`X-Request-Id`): quote it to support. */
    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    /**
     * The bad fields of a validation problem, each named by a JSON Pointer (`/items/0/qty`).
     *
     * @return list<FieldError>
     */
    public function getErrors(): array
    {
        return $this->errors;
    }

    /** The problem type URI, `urn:bahi:problem:<code>`. */
    public function getType(): ?string
    {
        return $this->type;
    }

    /** For a conflict with an existing object (a duplicate GSTIN or SKU), that object's id. */
    public function getExistingId(): ?string
    {
        return $this->existingId;
    }

    /**
     * The whole problem+json body, with every field the contract defines (`quota`, `limit` and
     * `resets_at` of a 402 `plan_limit_exceeded` among them), when the answer was one.
     */
    public function getProblem(): ?Problem
    {
        return $this->problem;
    }

    /**
     * The `Idempotency-Key` a POST was sent with (yours, or the one the SDK made): send the same
     * request again with it and the server replays the first outcome instead of acting twice.
     */
    public function getIdempotencyKey(): ?string
    {
        return $this->idempotencyKey;
    }

    /**
     * The answer's headers, names in lower case (the rate-limit state among them).
     *
     * @return array<string, string>
     */
    public function getHeaders(): array
    {
        return $this->headers;
    }
}
