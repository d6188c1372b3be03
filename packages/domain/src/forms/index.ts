export * from './formModel.ts';
export * from './formMessages.ts';
export * from './formValidation.ts';
export * from './formInput.ts';
export * from './formEditing.ts';
export * from './formTimer.ts';
export * from './formWorkbook.ts';
export * from './formElementOptions.ts';
