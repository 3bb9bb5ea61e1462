<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Exception\WebhookVerificationException;
use Bahi\Internal\Json;
use Bahi\Model\Event;
use Bahi\Model\Invoice;
use Bahi\Model\Party;
use Bahi\Webhook;
use PHPUnit\Framework\TestCase;

final class WebhookTest extends TestCase
{
    private const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    private const NOW = 1_800_000_000;

    /** @return array<string, array{array<string, mixed>}> */
    public static function vectors(): array
    {
        $file = __DIR__ . '/../../../conformance/standard-webhooks-vectors.json';
        $vectors = [];
        foreach (Json::decode((string) file_get_contents($file))['vectors'] as $vector) {
            $vectors[$vector['name']] = [$vector];
        }
        return $vectors;
    }

    /**
     * @dataProvider vectors
     * @param array<string, mixed> $vector
     */
    public function testTheStandardWebhooksVectors(array $vector): void
    {
        try {
            Webhook::verify($vector['body'], $vector['headers'], $vector['secret'], 300, $vector['now']);
            $valid = true;
        } catch (WebhookVerificationException) {
            $valid = false;
        }
        self::assertSame($vector['valid'], $valid);
    }

    private static function event(): string
    {
        return '{"id":"evt_1","object":"event","livemode":false,"type":"invoice.created",'
            . '"created_at":"2027-01-15T08:00:00.000Z","data":{"object":{"id":"inv_1","object":"invoice","total":354,'
            . '"items":[{"rate":99.99}]}}}';
    }

    public function testASignedEventIsReadWithExactAmountsAndItsObjectsClass(): void
    {
        $headers = Webhook::sign(self::event(), self::SECRET, 'evt_1', self::NOW);
        $event = Webhook::constructEvent(self::event(), $headers, self::SECRET, 300, self::NOW);
        self::assertInstanceOf(Event::class, $event);
        self::assertSame('invoice.created', $event->type);
        self::assertInstanceOf(Invoice::class, $event->data->object);
        self::assertSame('354', $event->data->object->total);
        self::assertSame('99.99', $event->data->object->items[0]->rate);

        $party = '{"id":"evt_2","object":"event","data":{"object":{"id":"pty_1","object":"party"}}}';
        $headers = Webhook::sign($party, self::SECRET, 'evt_2', self::NOW);
        $event = Webhook::constructEvent($party, $headers, self::SECRET, 300, self::NOW);
        self::assertInstanceOf(Party::class, $event->data->object);
    }

    public function testHeadersInTheFormsPhpGivesThem(): void
    {
        $signed = Webhook::sign(self::event(), self::SECRET, 'evt_1', self::NOW);
        [$id, $timestamp, $signature] = array_values($signed);
        $forms = [
            'getallheaders()' => [
                'Webhook-Id' => $id,
                'Webhook-Timestamp' => $timestamp,
                'Webhook-Signature' => $signature,
            ],
            'PSR-7 getHeaders()' => [
                'webhook-id' => [$id],
                'webhook-timestamp' => [$timestamp],
                'webhook-signature' => [$signature],
            ],
            '$_SERVER' => [
                'HTTP_WEBHOOK_ID' => $id,
                'HTTP_WEBHOOK_TIMESTAMP' => $timestamp,
                'HTTP_WEBHOOK_SIGNATURE' => $signature,
            ],
        ];
        foreach ($forms as $form => $headers) {
            $event = Webhook::constructEvent(self::event(), $headers, self::SECRET, 300, self::NOW);
            self::assertSame('evt_1', $event->id, $form);
        }
    }

    public function testAParsedAndReEncodedBodyFails(): void
    {
        $headers = Webhook::sign(self::event(), self::SECRET, 'evt_1', self::NOW);
        $reencoded = json_encode(json_decode(self::event()), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES);
        $this->expectException(WebhookVerificationException::class);
        $this->expectExceptionMessage('no webhook-signature matches');
        Webhook::constructEvent((string) $reencoded, $headers, self::SECRET, 300, self::NOW);
    }

    public function testTheToleranceIsThreeHundredSecondsEitherWayByDefault(): void
    {
        $headers = Webhook::sign(self::event(), self::SECRET, 'evt_1', self::NOW);
        Webhook::verify(self::event(), $headers, self::SECRET, now: self::NOW + 300);
        Webhook::verify(self::event(), $headers, self::SECRET, now: self::NOW - 300);
        Webhook::verify(self::event(), $headers, self::SECRET, 600, self::NOW + 600);
        $this->expectExceptionMessage('is 301 s old, more than the 300 s tolerated');
        Webhook::verify(self::event(), $headers, self::SECRET, now: self::NOW + 301);
    }

    public function testTheClockIsTheMachinesByDefault(): void
    {
        $headers = Webhook::sign(self::event(), self::SECRET, 'evt_1');
        self::assertSame('evt_1', Webhook::constructEvent(self::event(), $headers, self::SECRET)->id);
        $old = Webhook::sign(self::event(), self::SECRET, 'evt_1', time() - 3600);
        $this->expectException(WebhookVerificationException::class);
        Webhook::constructEvent(self::event(), $old, self::SECRET);
    }

    /** @return array<string, array{string, string}> */
    public static function badSecrets(): array
    {
        return [
            'not base64' => ['whsec_!!!not-base64!!!', 'not `whsec_` followed by base64'],
            'empty' => ['whsec_', 'has no key after `whsec_`'],
        ];
    }

    /** @dataProvider badSecrets */
    public function testAMalformedSecretSaysSo(string $secret, string $message): void
    {
        $headers = Webhook::sign(self::event(), self::SECRET, 'evt_1', self::NOW);
        $this->expectException(WebhookVerificationException::class);
        $this->expectExceptionMessage($message);
        Webhook::verify(self::event(), $headers, $secret, 300, self::NOW);
    }

    public function testASignedBodyThatIsNotAnEventObjectIsRefused(): void
    {
        $headers = Webhook::sign('[1,2]', self::SECRET, 'evt_1', self::NOW);
        Webhook::verify('[1,2]', $headers, self::SECRET, 300, self::NOW);
        $this->expectExceptionMessage('not a JSON object');
        Webhook::constructEvent('[1,2]', $headers, self::SECRET, 300, self::NOW);
    }

    public function testSigningMatchesTheSpecificationsExample(): void
    {
        self::assertSame(
            [
                'webhook-id' => 'msg_p5jXN8AQM9LWM0D4loKWxJek',
                'webhook-timestamp' => '1614265330',
                'webhook-signature' => 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
            ],
            Webhook::sign('{"test": 2432232314}', self::SECRET, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330)
        );
    }
}
