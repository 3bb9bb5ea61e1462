<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Bahi;
use Bahi\Exception\AuthenticationException;
use Bahi\Exception\InvalidArgumentException;
use Bahi\Exception\PermissionException;
use Bahi\Exception\UnexpectedValueException;
use Bahi\HttpClient\Request;
use Bahi\HttpClient\Response;
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;

/**
 * OAuth and personal access tokens: sent as the bearer token, renewed through the refresh callback when
 * Bahi refuses one as `invalid_token`, the request sent once more under the same Idempotency-Key, and
 * never a second refresh for one call.
 */
final class AccessTokenTest extends ClientTestCase
{
    private const OLD = 'bahi_at_0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0';
    private const NEW = 'bahi_at_n3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3w';
    private const ACCOUNT = ['id' => 'acc_1', 'object' => 'account'];

    private int $refreshes = 0;

    private static function expired(): Response
    {
        $detail = 'This access token expired at 2026-11-22T06:30:00.000Z.';
        return MockTransport::problem(401, 'invalid_token', ['detail' => $detail], [
            'WWW-Authenticate' => "Bearer error=\"invalid_token\", error_description=\"$detail\"",
        ]);
    }

    /** @param array<string, mixed> $options */
    private function tokenClient(array $options = []): Bahi
    {
        return $this->client($options + [
            'api_key' => null,
            'access_token' => self::OLD,
            'refresh_access_token' => function (): string {
                $this->refreshes++;
                return self::NEW;
            },
        ]);
    }

    /** @return list<string> the bearer token of each request sent */
    private function tokensSent(): array
    {
        return array_map(
            static fn (Request $r): string => substr((string) $r->header('Authorization'), 7),
            $this->transport->requests
        );
    }

    public function testAPersonalAccessTokenIsTheBearerToken(): void
    {
        $pat = 'bahi_pat_p4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp';
        $this->transport->queue(MockTransport::json(200, self::ACCOUNT));
        $bahi = $this->client(['api_key' => null, 'access_token' => $pat]);
        self::assertSame('acc_1', $bahi->account->retrieve()->id);
        self::assertSame([$pat], $this->tokensSent());
        self::assertNull($bahi->livemode);
        self::assertStringNotContainsString($pat, print_r($bahi, true));
    }

    public function testOneCredentialAndTheCallbackRenewsATokenOnly(): void
    {
        try {
            new Bahi(['api_key' => self::KEY, 'access_token' => self::OLD]);
            self::fail('expected an InvalidArgumentException');
        } catch (InvalidArgumentException $e) {
            self::assertStringContainsString('not both', $e->getMessage());
        }
        $this->expectException(InvalidArgumentException::class);
        $this->expectExceptionMessage('an API key is not refreshed');
        new Bahi(['api_key' => self::KEY, 'refresh_access_token' => static fn (): string => self::NEW]);
    }

    public function testARefusedTokenIsRefreshedOnceAndTheRequestSentAgain(): void
    {
        $this->transport->queue(
            self::expired(),
            MockTransport::json(200, self::ACCOUNT),
            MockTransport::json(200, self::ACCOUNT)
        );
        $bahi = $this->tokenClient();
        self::assertSame('acc_1', $bahi->account->retrieve()->id);
        $bahi->account->retrieve();
        self::assertSame([self::OLD, self::NEW, self::NEW], $this->tokensSent());
        self::assertSame(1, $this->refreshes);
        self::assertSame([], $this->sleeps, 'a refusal is not a retry with backoff');
    }

    public function testRefusedAgainTheCallThrowsTheUnauthorizedWithoutASecondRefresh(): void
    {
        $this->transport->queue(self::expired(), self::expired());
        try {
            $this->tokenClient()->account->retrieve();
            self::fail('expected an AuthenticationException');
        } catch (AuthenticationException $e) {
            self::assertSame('invalid_token', $e->getErrorCode());
        }
        self::assertSame([self::OLD, self::NEW], $this->tokensSent());
        self::assertSame(1, $this->refreshes);
    }

    public function testNoRefreshWithoutACallbackNorForAMissingScope(): void
    {
        $this->transport->queue(self::expired());
        try {
            $this->client(['api_key' => null, 'access_token' => self::OLD])->account->retrieve();
            self::fail('expected an AuthenticationException');
        } catch (AuthenticationException) {
        }
        $this->transport->queue(MockTransport::problem(403, 'insufficient_scope', [], [
            'WWW-Authenticate' => 'Bearer error="insufficient_scope", scope="parties:read"',
        ]));
        try {
            $this->tokenClient()->parties->list();
            self::fail('expected a PermissionException');
        } catch (PermissionException) {
        }
        self::assertSame(0, $this->refreshes);
    }

    public function testAFailingCallbackFailsTheCallAndTheNextCallTriesAgain(): void
    {
        $this->transport->queue(self::expired(), self::expired(), MockTransport::json(200, self::ACCOUNT));
        $attempts = 0;
        $bahi = $this->tokenClient(['refresh_access_token' => static function () use (&$attempts): string {
            if (++$attempts === 1) {
                throw new \RuntimeException('refresh token revoked');
            }
            return self::NEW;
        }]);
        try {
            $bahi->account->retrieve();
            self::fail('expected the callback\'s exception');
        } catch (\RuntimeException $e) {
            self::assertSame('refresh token revoked', $e->getMessage());
        }
        self::assertSame('acc_1', $bahi->account->retrieve()->id);
        self::assertSame([self::OLD, self::OLD, self::NEW], $this->tokensSent());

        $this->transport->queue(self::expired());
        $this->expectException(UnexpectedValueException::class);
        $this->tokenClient(['refresh_access_token' => static fn (): string => ''])->account->retrieve();
    }

    public function testACreateKeepsItsIdempotencyKeyAndBodyOnTheRequestSentAgain(): void
    {
        $this->transport->queue(
            self::expired(),
            MockTransport::json(201, ['id' => 'pty_1', 'object' => 'party', 'name' => 'Sharma Electronics'])
        );
        $party = $this->tokenClient()->parties->create(['type' => 'customer', 'name' => 'Sharma Electronics']);
        self::assertSame('pty_1', $party->id);
        [$first, $second] = $this->transport->requests;
        self::assertSame([self::OLD, self::NEW], $this->tokensSent());
        self::assertNotNull($first->header('Idempotency-Key'));
        self::assertSame($first->header('Idempotency-Key'), $second->header('Idempotency-Key'));
        self::assertSame($first->body, $second->body);
    }

    public function testTheReadmesRefreshCallbackKeepsTheRotatedRefreshToken(): void
    {
        $readme = (string) file_get_contents(__DIR__ . '/../../README.md');
        preg_match_all('/```php\n(.*?)```/s', $readme, $blocks);
        $block = current(array_filter(
            $blocks[1],
            static fn (string $b): bool => str_contains($b, 'refresh_access_token')
        ));
        self::assertIsString($block);
        $this->transport->queue(
            self::expired(),
            MockTransport::json(200, self::ACCOUNT)
        );
        // The README's refresh posts to the token endpoint with PHP's own HTTP; here a function stands in.
        $posted = [];
        $postForm = static function (string $url, array $form) use (&$posted): array {
            $posted[] = [$url, $form];
            return ['access_token' => self::NEW, 'refresh_token' => 'bahi_rt_2'];
        };
        $transport = $this->transport;
        $tokens = ['access' => self::OLD, 'refresh' => 'bahi_rt_1'];
        $bahi = (static function () use ($block, $postForm, $transport, &$tokens): Bahi {
            $code = str_replace(
                "'base_url' => 'http://127.0.0.1:8080',",
                "'base_url' => 'https://bahi.test', 'transport' => \$transport,",
                $block
            );
            eval($code);
            return $bahi;
        })();
        self::assertSame('acc_1', $bahi->account->retrieve()->id);
        self::assertSame([self::OLD, self::NEW], $this->tokensSent());
        self::assertSame(['access' => self::NEW, 'refresh' => 'bahi_rt_2'], $tokens);
        self::assertSame('refresh_token', $posted[0][1]['grant_type']);
        self::assertSame('bahi_rt_1', $posted[0][1]['refresh_token']);
    }
}
