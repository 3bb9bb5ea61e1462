<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Bahi;
use Bahi\Exception\InvalidArgumentException;
use Bahi\Internal\Json;
use Bahi\Model\Invoice;
use Bahi\Model\InvoiceItem;
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;
use Bahi\Tests\Support\StubServer;

final class MoneyTest extends ClientTestCase
{
    public function testDecodingKeepsEveryNumbersExactText(): void
    {
        $decoded = Json::decode(
            '{"a": 99.99, "b": 354.00, "c": -0.45, "d": 354, "e": 1e2, "f": 5E-3, "g": -2.5e+1,'
            . ' "h": 0.1, "i": 99999999999.99, "j": 123456789012345678901234567890, "k": [1.10, 2]}'
        );
        self::assertSame([
            'a' => '99.99',
            'b' => '354.00',
            'c' => '-0.45',
            'd' => 354,
            'e' => '100',
            'f' => '0.005',
            'g' => '-25',
            'h' => '0.1',
            'i' => '99999999999.99',
            'j' => '123456789012345678901234567890',
            'k' => ['1.10', 2],
        ], $decoded);
    }

    public function testDigitsInsideStringsAreLeftAlone(): void
    {
        $json = '{"note": "rate 99.99 \"or 1.5e3\" \\\\", "path": "\\\\\\" 2.5", "n": 2.50, "s": "1.0"}';
        self::assertSame(
            ['note' => 'rate 99.99 "or 1.5e3" \\', 'path' => '\\" 2.5', 'n' => '2.50', 's' => '1.0'],
            Json::decode($json)
        );
    }

    public function testALongStringDoesNotDefeatTheDecoder(): void
    {
        $token = str_repeat('eyJhbGciOiJSUzI1NiJ9.', 20000);
        self::assertSame(['jwt' => $token, 'v' => '0.5'], Json::decode('{"jwt":"' . $token . '","v":0.5}'));
    }

    public function testAnswersCarryAmountsAsDecimalStringsWhateverTheirJsonForm(): void
    {
        $this->transport->queue(MockTransport::json(200, '{"id":"inv_1","object":"invoice","total":354,'
            . '"taxable_value":299.97,"round_off":0.04,"igst":53.99,"cgst":0,'
            . '"items":[{"qty":3,"rate":99.99,"igst":53.99,"taxable_value":299.970}],"party":{"name":"Sharma"}}'));
        $invoice = $this->client()->invoices->retrieve('inv_1');
        self::assertInstanceOf(Invoice::class, $invoice);
        self::assertSame('354', $invoice->total, 'an integral amount is a string too');
        self::assertSame('299.97', $invoice->taxable_value);
        self::assertSame('0.04', $invoice['round_off']);
        self::assertSame('0', $invoice->cgst);
        self::assertInstanceOf(InvoiceItem::class, $invoice->items[0]);
        self::assertSame('3', $invoice->items[0]->qty);
        self::assertSame('99.99', $invoice->items[0]->rate);
        self::assertSame('299.970', $invoice->items[0]->taxable_value, 'the scale is kept as sent');
        self::assertSame('Sharma', $invoice->party->name);
    }

    public function testDecimalStringsGoOutAsJsonNumbersOnlyWhereTheContractHasNumbers(): void
    {
        $this->transport->queue(MockTransport::json(201, ['id' => 'inv_1', 'object' => 'invoice']));
        $this->client()->invoices->create([
            'party_id' => '12345',
            'notes' => '99.99',
            'items' => [
                ['sku' => '1.5', 'qty' => '2.500', 'rate' => '99.99', 'discount' => 10],
                ['sku' => 'PEN-01', 'qty' => 1, 'rate' => '1111.11'],
            ],
        ]);
        self::assertSame(
            '{"party_id":"12345","notes":"99.99","items":[{"sku":"1.5","qty":2.500,"rate":99.99,"discount":10},'
            . '{"sku":"PEN-01","qty":1,"rate":1111.11}]}',
            $this->transport->lastRequest()->body
        );
        self::assertSame('application/json', $this->transport->lastRequest()->header('Content-Type'));
    }

    public function testWhatIsNotANumberIsSentAsGivenForTheServerToJudge(): void
    {
        $this->transport->queue(MockTransport::json(201, ['id' => 'prd_1', 'object' => 'product']));
        $this->client()->products->create(
            ['sku' => 'X', 'price' => 'abc', 'gst_rate' => '0.25', 'opening_stock' => '1e3']
        );
        self::assertSame(
            '{"sku":"X","price":"abc","gst_rate":0.25,"opening_stock":1e3}',
            $this->transport->lastRequest()->body
        );
    }

    public function testFloatsAreRefusedBeforeAnythingIsSent(): void
    {
        try {
            $this->client()->invoices->create([
                'party_id' => 'pty_1',
                'items' => [['sku' => 'PEN', 'qty' => 1, 'rate' => 0.1 + 0.2]],
            ]);
            self::fail('expected an InvalidArgumentException');
        } catch (InvalidArgumentException $e) {
            self::assertStringContainsString('/items/0/rate is a float', $e->getMessage());
        }
        self::assertSame([], $this->transport->requests);
    }

    public function testAnAnswerGoesBackIntoARequestUnchanged(): void
    {
        $invoice = '{"id":"inv_1","object":"invoice","party_id":"pty_1",'
            . '"items":[{"sku":"PEN-01","qty":2.5,"rate":99999999999.99,"discount":0.10}]}';
        $this->transport->queue(
            MockTransport::json(200, $invoice),
            MockTransport::json(201, ['id' => 'inv_2', 'object' => 'invoice'])
        );
        $client = $this->client();
        $first = $client->invoices->retrieve('inv_1');
        $item = $first->items[0];
        $client->invoices->create([
            'party_id' => $first->party_id,
            'items' => [
                ['sku' => $item->sku, 'qty' => $item->qty, 'rate' => $item->rate, 'discount' => $item->discount],
            ],
        ]);
        self::assertSame(
            '{"party_id":"pty_1","items":[{"sku":"PEN-01","qty":2.5,"rate":99999999999.99,"discount":0.10}]}',
            $this->transport->lastRequest()->body
        );
        // A float would have lost it: 99999999999.99 is not a binary fraction.
        self::assertNotSame('99999999999.99', sprintf('%.17g', 99999999999.99));
        self::assertSame(
            ['sku' => 'PEN-01', 'qty' => '2.5', 'rate' => '99999999999.99', 'discount' => '0.10'],
            $item->toArray()
        );
    }

    public function testExactOverTheWireWithTheCurlTransport(): void
    {
        $server = StubServer::start();
        $bahi = new Bahi(['api_key' => self::KEY, 'base_url' => $server->url]);
        $echo = $bahi->payments->create(['party_id' => 'pty_1', 'amount' => '12345678901.23']);
        self::assertSame('{"party_id":"pty_1","amount":12345678901.23}', $echo->body);
        self::assertSame('12345678901.23', $echo->amount);
    }
}
