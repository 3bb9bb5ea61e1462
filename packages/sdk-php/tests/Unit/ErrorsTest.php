<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Exception\ApiException;
use Bahi\Exception\AuthenticationException;
use Bahi\Exception\BahiException;
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
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;

final class ErrorsTest extends ClientTestCase
{
    /** @return array<string, array{int, string, class-string<ApiException>}> */
    public static function statuses(): array
    {
        return [
            '400' => [400, 'validation_failed', ValidationException::class],
            '401' => [401, 'unauthorized', AuthenticationException::class],
            '402' => [402, 'subscription_paused', PaymentRequiredException::class],
            '403' => [403, 'insufficient_scope', PermissionException::class],
            '404' => [404, 'not_found', NotFoundException::class],
            '409' => [409, 'invoice_cancelled', ConflictException::class],
            '413' => [413, 'payload_too_large', ApiException::class],
            '415' => [415, 'unsupported_media_type', ApiException::class],
            '422' => [422, 'unknown_sku', ValidationException::class],
            '429' => [429, 'rate_limited', RateLimitException::class],
            '500' => [500, 'internal_error', ServerException::class],
            '503' => [503, 'unavailable', ServerException::class],
        ];
    }

    /**
     * @dataProvider statuses
     * @param class-string<ApiException> $class
     */
    public function testEachStatusHasItsClass(int $status, string $code, string $class): void
    {
        $this->transport->queue(...array_fill(0, 3, MockTransport::problem($status, $code, [
            'detail' => "detail of $code",
            'request_id' => 'req_01',
        ], ['Retry-After' => '90'])));
        try {
            $this->client()->invoices->retrieve('inv_1');
            self::fail("expected $class");
        } catch (ApiException $e) {
            self::assertSame($class, get_class($e));
            self::assertInstanceOf(BahiException::class, $e);
            self::assertSame($status, $e->getStatus());
            self::assertSame($code, $e->getErrorCode());
            self::assertSame("detail of $code", $e->getDetail());
            self::assertSame("Problem $code", $e->getTitle());
            self::assertSame('req_01', $e->getRequestId());
            self::assertSame("urn:bahi:problem:$code", $e->getType());
            self::assertSame("detail of $code ($status $code req_01)", $e->getMessage());
            self::assertInstanceOf(Problem::class, $e->getProblem());
            self::assertSame('90', $e->getHeaders()['retry-after']);
        }
    }

    public function testAValidationProblemNamesEachBadField(): void
    {
        $this->transport->queue(MockTransport::problem(422, 'unknown_sku', [
            'errors' => [
                ['pointer' => '/items/0/sku', 'code' => 'unknown_sku', 'message' => 'No product NO-SUCH'],
                ['pointer' => '/items/2/sku', 'code' => 'unknown_sku', 'message' => 'No product NOPE'],
            ],
        ]));
        try {
            $this->client()->invoices->create(['party_id' => 'pty_1', 'items' => []], ['idempotency_key' => 'k-1']);
            self::fail('expected a ValidationException');
        } catch (ValidationException $e) {
            $errors = $e->getErrors();
            self::assertContainsOnlyInstancesOf(FieldError::class, $errors);
            $pointers = array_map(static fn (FieldError $f) => $f->pointer, $errors);
            self::assertSame(['/items/0/sku', '/items/2/sku'], $pointers);
            self::assertSame('No product NOPE', $errors[1]->message);
            self::assertSame('k-1', $e->getIdempotencyKey(), 'the key to send the same create again with');
        }
    }

    public function testAConflictWithAnExistingObjectNamesIt(): void
    {
        $this->transport->queue(MockTransport::problem(409, 'sku_taken', ['existing_id' => 'prd_9']));
        try {
            $this->client()->products->create(['sku' => 'PEN-01']);
            self::fail('expected a ConflictException');
        } catch (ConflictException $e) {
            self::assertSame('prd_9', $e->getExistingId());
            self::assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', (string) $e->getIdempotencyKey());
        }
    }

    public function testAPlanLimitKeepsTheWholeProblem(): void
    {
        $this->transport->queue(MockTransport::problem(402, 'plan_limit_exceeded', [
            'quota' => 'live_invoices_per_month',
            'limit' => 100,
            'resets_at' => '2026-05-31T18:30:00.000Z',
        ]));
        try {
            $this->client()->invoices->create(['party_id' => 'pty_1', 'items' => []]);
            self::fail('expected a PaymentRequiredException');
        } catch (PaymentRequiredException $e) {
            self::assertSame(100, $e->getProblem()?->limit);
            self::assertSame('live_invoices_per_month', $e->getProblem()?->quota);
        }
    }

    public function testAnAnswerThatIsNotAProblemStillExplainsItself(): void
    {
        $headers = ['Content-Type' => 'text/html', 'X-Request-Id' => 'req_proxy'];
        $this->transport->queue(new Response(404, $headers, '<h1>Not Found</h1>'));
        try {
            $this->client()->invoices->retrieve('inv_1');
            self::fail('expected a NotFoundException');
        } catch (NotFoundException $e) {
            self::assertSame('http_404', $e->getErrorCode());
            self::assertSame('<h1>Not Found</h1>', $e->getDetail());
            self::assertSame('req_proxy', $e->getRequestId());
            self::assertNull($e->getProblem());
        }
        // JSON that does not say it is a problem is not typed as one.
        $json = '{"code":"forbidden","title":"No"}';
        $this->transport->queue(new Response(403, ['Content-Type' => 'application/json'], $json));
        try {
            $this->client()->invoices->retrieve('inv_1');
            self::fail('expected a PermissionException');
        } catch (PermissionException $e) {
            self::assertSame('forbidden', $e->getErrorCode());
            self::assertNull($e->getProblem());
        }
    }
}
