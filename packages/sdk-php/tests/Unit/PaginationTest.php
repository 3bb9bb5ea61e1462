<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Model\Invoice;
use Bahi\Model\InvoiceList;
use Bahi\Model\ProductRatePeriodList;
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;

final class PaginationTest extends ClientTestCase
{
    /** @param list<string> $ids */
    private static function page(array $ids, ?string $next): \Bahi\HttpClient\Response
    {
        return MockTransport::json(200, [
            'object' => 'list',
            'data' => array_map(static fn (string $id) => ['id' => $id, 'object' => 'invoice', 'total' => 354], $ids),
            'has_more' => $next !== null,
            'next_cursor' => $next,
        ]);
    }

    public function testAutoPagingWalksEveryPageWithTheCursorAndTheSameFilters(): void
    {
        $this->transport->queue(
            self::page(['inv_5', 'inv_4'], 'inv_4'),
            self::page(['inv_3', 'inv_2'], 'inv_2'),
            self::page(['inv_1'], null)
        );
        $list = $this->client()->invoices->list(['party_id' => 'pty_1', 'limit' => 2]);
        self::assertInstanceOf(InvoiceList::class, $list);
        self::assertCount(1, $this->transport->requests, 'list() fetches the first page only');
        self::assertTrue($list->has_more);
        self::assertCount(2, $list);

        $ids = [];
        foreach ($list->autoPagingIterator() as $invoice) {
            self::assertInstanceOf(Invoice::class, $invoice);
            self::assertSame('354', $invoice->total);
            $ids[] = $invoice->id;
        }
        self::assertSame(['inv_5', 'inv_4', 'inv_3', 'inv_2', 'inv_1'], $ids);
        self::assertSame(
            [
                'https://bahi.test/v1/invoices?party_id=pty_1&limit=2',
                'https://bahi.test/v1/invoices?starting_after=inv_4&party_id=pty_1&limit=2',
                'https://bahi.test/v1/invoices?starting_after=inv_2&party_id=pty_1&limit=2',
            ],
            array_map(static fn ($r) => $r->url, $this->transport->requests)
        );
    }

    public function testPagesAreFetchedOnlyWhenReached(): void
    {
        $this->transport->queue(self::page(['inv_5', 'inv_4'], 'inv_4'), self::page(['inv_3'], null));
        $iterator = $this->client()->invoices->list(['limit' => 2])->autoPagingIterator();
        self::assertSame('inv_5', $iterator->current()->id);
        $iterator->next();
        self::assertSame('inv_4', $iterator->current()->id);
        self::assertCount(1, $this->transport->requests);
        $iterator->next();
        self::assertSame('inv_3', $iterator->current()->id);
        self::assertCount(2, $this->transport->requests);
        // iterator_to_array keeps every item: keys run on across pages.
        $this->transport->queue(self::page(['inv_5', 'inv_4'], 'inv_4'), self::page(['inv_3'], null));
        self::assertCount(3, iterator_to_array($this->client()->invoices->list(['limit' => 2])->autoPagingIterator()));
    }

    public function testForeachOverAListYieldsItsPageOnly(): void
    {
        $this->transport->queue(self::page(['inv_5', 'inv_4'], 'inv_4'));
        $list = $this->client()->invoices->list(['limit' => 2]);
        $ids = [];
        foreach ($list as $invoice) {
            $ids[] = $invoice->id;
        }
        self::assertSame(['inv_5', 'inv_4'], $ids);
        self::assertSame('inv_4', $list->next_cursor);
        self::assertCount(1, $this->transport->requests);
    }

    public function testNextPageAndTheLastPage(): void
    {
        $this->transport->queue(self::page(['inv_2'], 'inv_2'), self::page(['inv_1'], null));
        $first = $this->client()->invoices->list(['limit' => 1]);
        $second = $first->nextPage();
        self::assertInstanceOf(InvoiceList::class, $second);
        self::assertSame('inv_1', $second->data[0]->id);
        self::assertNull($second->nextPage());
        self::assertCount(2, $this->transport->requests);
    }

    public function testAListUnderAnObjectKeepsItsPathAndADateCursor(): void
    {
        $page = static fn (string $from, ?string $next) => MockTransport::json(200, [
            'object' => 'list',
            'data' => [['object' => 'product_rate_period', 'valid_from' => $from, 'gst_rate' => 18, 'cess_rate' => 0]],
            'has_more' => $next !== null,
            'next_cursor' => $next,
        ]);
        $this->transport->queue(
            $page('2025-09-22', '2025-09-22'),
            $page('2017-07-01', null)
        );
        $list = $this->client()->products->listRateHistory('prd_1', ['limit' => 1]);
        self::assertInstanceOf(ProductRatePeriodList::class, $list);
        $periods = iterator_to_array($list->autoPagingIterator(), false);
        self::assertSame(['2025-09-22', '2017-07-01'], array_map(static fn ($p) => $p->valid_from, $periods));
        self::assertSame('18', $periods[0]->gst_rate, 'a rate is an exact decimal too');
        self::assertSame(
            'https://bahi.test/v1/products/prd_1/rate_history?starting_after=2025-09-22&limit=1',
            $this->transport->lastRequest()->url
        );
    }
}
