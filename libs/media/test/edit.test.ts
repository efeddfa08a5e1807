import sharp from 'sharp';
import {
  checkEditBudget,
  editedImageMetadata,
  editImage,
  MAX_EDIT_MODIFIERS,
  MediaError,
  normaliseEditArgs,
  originalImageFile,
  processImage,
  rotatedSize,
} from '../src';
import { jpegWithExif, photo } from './fixtures';

function errorOf(fn: () => unknown): MediaError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(MediaError);
    return e as MediaError;
  }
  throw new Error('expected a MediaError');
}

describe('normaliseEditArgs: modifiers and the deprecated parameters (spec 7.2, 8)', () => {
  it('takes modifiers in order, numeric strings as numbers', () => {
    expect(
      normaliseEditArgs({
        modifiers: [
          { type: 'rotate', args: { angle: 90 } },
          { type: 'crop', args: { left: '10', top: 10, width: 50, height: 50 } },
        ],
      }),
    ).toEqual([
      { type: 'rotate', args: { angle: 90 } },
      { type: 'crop', args: { left: 10, top: 10, width: 50, height: 50 } },
    ]);
  });

  it('lets modifiers win over rotation/x/y/width/height', () => {
    expect(
      normaliseEditArgs({
        modifiers: [{ type: 'rotate', args: { angle: 180 } }],
        rotation: 90,
        x: 1,
        y: 1,
        width: 5,
        height: 5,
      }),
    ).toEqual([{ type: 'rotate', args: { angle: 180 } }]);
  });

  it('turns the deprecated parameters into rotate then crop; crop needs all four', () => {
    expect(normaliseEditArgs({ rotation: 270, x: 0, y: 5, width: 100, height: 50 })).toEqual([
      { type: 'rotate', args: { angle: 270 } },
      { type: 'crop', args: { left: 0, top: 5, width: 100, height: 50 } },
    ]);
    expect(normaliseEditArgs({ rotation: '90', x: 10, y: 10, width: 50 })).toEqual([
      { type: 'rotate', args: { angle: 90 } },
    ]);
  });

  it('answers rest_image_not_edited when nothing is asked', () => {
    for (const params of [{}, { x: 1, y: 2 }, { modifiers: null }]) {
      const err = errorOf(() => normaliseEditArgs(params));
      expect(err.toJSON()).toEqual({
        code: 'rest_image_not_edited',
        message: 'The image was not edited. Edit the image before applying the changes.',
        data: { status: 400 },
      });
    }
  });

  it.each([
    [{ rotation: 0 }, 'rotation', 'rotation must be between 0 (exclusive) and 360 (exclusive)'],
    [{ rotation: 360 }, 'rotation', 'rotation must be between 0 (exclusive) and 360 (exclusive)'],
    [{ rotation: 45.5 }, 'rotation', 'rotation is not of type integer.'],
    [{ rotation: 'left' }, 'rotation', 'rotation is not of type integer.'],
    [{ x: 101, y: 0, width: 1, height: 1 }, 'x', 'x must be between 0 (inclusive) and 100 (inclusive)'],
    [{ x: 0, y: -1, width: 1, height: 1 }, 'y', 'y must be between 0 (inclusive) and 100 (inclusive)'],
    [{ width: true }, 'width', 'width is not of type number.'],
    [{ modifiers: [] }, 'modifiers', 'modifiers must contain at least 1 item.'],
    [{ modifiers: 'rotate' }, 'modifiers', 'modifiers is not of type array.'],
    [
      { modifiers: [{ type: 'rotate', args: {} }] },
      'modifiers',
      'modifiers[0] is not a valid Rotation. Reason: angle is a required property of modifiers[0][args].',
    ],
    [
      { modifiers: [{ type: 'rotate', args: { angle: 'x' } }] },
      'modifiers',
      'modifiers[0] is not a valid Rotation. Reason: modifiers[0][args][angle] is not of type number.',
    ],
    [
      { modifiers: [{ type: 'crop', args: { left: 1, top: 1, width: 1 } }] },
      'modifiers',
      'modifiers[0] is not a valid Rotation. Reason: modifiers[0][type] is not one of rotate.',
    ],
    [
      { modifiers: [{ type: 'flip', args: {} }] },
      'modifiers',
      'modifiers[0] is not a valid Rotation. Reason: modifiers[0][type] is not one of rotate.',
    ],
    [{ modifiers: [5] }, 'modifiers', 'modifiers[0] is not a valid Rotation and Crop.'],
    [{ modifiers: [{ args: { angle: 90 } }] }, 'modifiers', 'type is a required property of modifiers[0].'],
    [
      { modifiers: [{ type: 'rotate', args: { angle: 90 } }, { type: 'crop' }] },
      'modifiers',
      'args is a required property of modifiers[1].',
    ],
  ] as [Record<string, unknown>, string, string][])('%j → rest_invalid_param', (params, param, message) => {
    const err = errorOf(() => normaliseEditArgs(params));
    expect(err.code).toBe('rest_invalid_param');
    expect(err.status).toBe(400);
    expect(err.message).toBe(`Invalid parameter(s): ${param}`);
    expect(err.params).toEqual({ [param]: message });
    expect(err.toJSON().data.details).toEqual({ [param]: expect.objectContaining({ message }) });
  });

  it(`takes at most ${MAX_EDIT_MODIFIERS} modifiers (rest_too_many_items, after the items are checked)`, () => {
    const turns = (n: number) => Array.from({ length: n }, () => ({ type: 'rotate', args: { angle: 45 } }));
    expect(normaliseEditArgs({ modifiers: turns(MAX_EDIT_MODIFIERS) })).toHaveLength(MAX_EDIT_MODIFIERS);
    for (const n of [MAX_EDIT_MODIFIERS + 1, 13, 15, 17, 10_000]) {
      const err = errorOf(() => normaliseEditArgs({ modifiers: turns(n) }));
      expect(err.toJSON()).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): modifiers',
        data: {
          status: 400,
          params: { modifiers: `modifiers must contain at most ${MAX_EDIT_MODIFIERS} items.` },
          details: {
            modifiers: {
              code: 'rest_too_many_items',
              message: `modifiers must contain at most ${MAX_EDIT_MODIFIERS} items.`,
              data: null,
            },
          },
        },
      });
    }
    // A bad item among too many is reported as the item, as WordPress checks items first.
    expect(errorOf(() => normaliseEditArgs({ modifiers: [...turns(12), 5] })).params).toEqual({
      modifiers: 'modifiers[12] is not a valid Rotation and Crop.',
    });
  });

  it('reports every invalid parameter at once', () => {
    const err = errorOf(() => normaliseEditArgs({ rotation: 400, x: 200, y: 0, width: 1, height: 1 }));
    expect(err.message).toBe('Invalid parameter(s): rotation, x');
    expect(Object.keys(err.params ?? {})).toEqual(['rotation', 'x']);
  });

  it('keeps client-chosen keys as data', () => {
    const params = JSON.parse('{"__proto__": {"polluted": 1}, "rotation": 90}') as Record<string, unknown>;
    expect(normaliseEditArgs(params)).toEqual([{ type: 'rotate', args: { angle: 90 } }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('editImage', () => {
  it('rotates 90° clockwise then crops in percent of the rotated image (sample 74: 800×600 → 300×400)', async () => {
    const original = await photo(800, 600);
    const out = await editImage(
      original,
      'image/jpeg',
      normaliseEditArgs({
        modifiers: [
          { type: 'rotate', args: { angle: 90 } },
          { type: 'crop', args: { left: 50, top: 0, width: 50, height: 50 } },
        ],
      }),
    );
    const m = await sharp(out).metadata();
    expect([m.width, m.height, m.format]).toEqual([300, 400, 'jpeg']);
    // The red block (top-left of the original) is top-right after a clockwise turn: inside this crop.
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number): number => data[(y * info.width + x) * info.channels];
    expect(at(250, 20)).toBeGreaterThan(200);
    expect(at(20, 380)).toBeLessThan(200);
  });

  it('keeps the format, clamps a crop to the image, and rotates any angle', async () => {
    const png = await editImage(await photo(200, 100, 'png'), 'image/png', [
      { type: 'crop', args: { left: 90, top: 90, width: 50, height: 50 } },
    ]);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 20, height: 10 });
    const webp = await editImage(await photo(200, 100, 'webp'), 'image/webp', [
      { type: 'rotate', args: { angle: 180 } },
      { type: 'rotate', args: { angle: -90 } },
    ]);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 100, height: 200 });
    const tilted = await editImage(await photo(100, 100, 'gif'), 'image/gif', [
      { type: 'rotate', args: { angle: 45 } },
    ]);
    expect((await sharp(tilted).metadata()).width).toBeGreaterThan(140);
  });

  it('works on what the user saw: EXIF orientation is applied first', async () => {
    const out = await editImage(await jpegWithExif(400, 300, 6), 'image/jpeg', [
      { type: 'crop', args: { left: 0, top: 0, width: 100, height: 50 } },
    ]);
    expect(await sharp(out).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('answers WordPress’s errors', async () => {
    const code = async (p: Promise<unknown>): Promise<string> =>
      p.then(
        () => 'none',
        (e: MediaError) => `${e.code} ${e.status}`,
      );
    expect(
      await code(editImage(await photo(10, 10, 'tiff'), 'image/tiff', [{ type: 'rotate', args: { angle: 90 } }])),
    ).toBe('rest_unknown_image_file_type 500');
    expect(await code(editImage(Buffer.from('garbage'), 'image/jpeg', [{ type: 'rotate', args: { angle: 90 } }]))).toBe(
      'rest_unknown_image_file_type 500',
    );
    expect(
      await code(editImage(await photo(20, 20, 'png'), 'image/jpeg', [{ type: 'rotate', args: { angle: 90 } }])),
    ).toBe('rest_unknown_image_file_type 500');
    expect(
      await code(
        editImage(await photo(100, 100), 'image/jpeg', [
          { type: 'crop', args: { left: 0, top: 0, width: 0, height: 50 } },
        ]),
      ),
    ).toBe('rest_image_crop_failed 500');
    expect(
      await code(
        editImage(await photo(100, 100), 'image/jpeg', [{ type: 'rotate', args: { angle: 90 } }], { maxPixels: 100 }),
      ),
    ).toBe('rest_upload_image_too_large 400');
  });
});

describe('the pixel budget of an edit (edit-plan)', () => {
  it('knows the canvas a rotation leaves, as sharp makes it', async () => {
    for (const [w, h, angle] of [
      [64, 64, 45],
      [100, 37, 30],
      [641, 480, 91],
      [3, 200, 359],
      [64, 64, 90],
      [50, 20, 12.5],
    ]) {
      const { info } = await sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } })
        .rotate(angle)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([w, h, angle, rotatedSize(w, h, angle)]).toEqual([
        w,
        h,
        angle,
        { width: info.width, height: info.height },
      ]);
    }
  });

  it('refuses the first rotation past the budget before any work, whatever comes after it', () => {
    const turn = { type: 'rotate' as const, args: { angle: 45 } };
    const crop = { type: 'crop' as const, args: { left: 0, top: 0, width: 10, height: 10 } };
    // 64×64 → 91×91 → 129×129 (16,641) → 182×182 (33,124).
    expect(() => checkEditBudget({ width: 64, height: 64 }, [turn, turn], 20_000)).not.toThrow();
    const err = (() => {
      try {
        checkEditBudget({ width: 64, height: 64 }, [turn, turn, turn, crop], 20_000);
      } catch (e) {
        return e as MediaError;
      }
      return null;
    })();
    expect(err?.toJSON()).toEqual({
      code: 'rest_image_rotation_failed',
      message: 'Unable to rotate this image: the result would have more than 20000 pixels.',
      data: { status: 400 },
    });
    // A crop shrinks first, so the same turns then fit; right angles never grow the canvas.
    expect(() => checkEditBudget({ width: 64, height: 64 }, [crop, turn, turn, turn], 20_000)).not.toThrow();
    expect(() =>
      checkEditBudget({ width: 100, height: 100 }, Array(10).fill({ type: 'rotate', args: { angle: 90 } }), 10_000),
    ).not.toThrow();
  });

  it('editImage answers it before decoding (13 turns of 45° on 64×64 would be 33 Mpx)', async () => {
    const turns = Array(13).fill({ type: 'rotate', args: { angle: 45 } });
    await expect(editImage(await photo(64, 64), 'image/jpeg', turns, { maxPixels: 1_000_000 })).rejects.toMatchObject({
      code: 'rest_image_rotation_failed',
      status: 400,
    });
    // A list that stays inside the budget is done: two turns of 45° make 129×129.
    const out = await editImage(await photo(64, 64), 'image/jpeg', turns.slice(0, 2), { maxPixels: 20_000 });
    expect(await sharp(out).metadata()).toMatchObject({ width: 129, height: 129 });
  });
});

describe('the edited image’s metadata', () => {
  it('fills empty image_meta from the parent, resets orientation and records parent_image', async () => {
    const parent = (
      await processImage(await jpegWithExif(400, 300, 6), {
        file: '2026/11/phone.jpg',
        mime: 'image/jpeg',
        webp: false,
      })
    ).metadata;
    expect(originalImageFile(parent)).toBe('2026/11/phone.jpg');
    const editedBytes = await editImage(await jpegWithExif(400, 300, 6), 'image/jpeg', [
      { type: 'rotate', args: { angle: 90 } },
    ]);
    const edited = (
      await processImage(editedBytes, { file: '2026/12/phone-edited.jpg', mime: 'image/jpeg', webp: false })
    ).metadata;
    expect(edited.image_meta.camera).toBe('');
    const meta = editedImageMetadata(edited, parent, '80');
    expect(meta.parent_image).toEqual({ attachment_id: '80', file: '2026/11/phone.jpg' });
    expect(meta.image_meta).toMatchObject({ camera: 'TestCam 1', aperture: '2.8', orientation: 1 });
    expect(meta.file).toBe('2026/12/phone-edited.jpg');
  });
});
